import { AlertTriangleIcon, CpuIcon, Loader2Icon, PlugZapIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { toast } from "sonner";
import { type ModelFieldValues, ModelFields } from "@/components/model-fields";
import { PageHeader } from "@/components/page-header";
import { QueryError } from "@/components/query-error";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api-client";
import type { ModelSettings, ModelSettingsInput, ModelTest } from "@/lib/api-types";
import {
  useModelSettings,
  useResetModelSettings,
  useSaveModelSettings,
  useTestModel,
} from "@/lib/model-settings-queries";
import {
  describeTest,
  EMBEDDED_MODEL,
  PROVIDER_LABELS,
  SOURCE_LABELS,
} from "@/utils/model-presets";
import { PricesCard } from "@/components/usage/prices-card";
import { WebhooksCard } from "@/components/usage/webhooks-card";
import { DownloadModelsCard } from "@/features/model-settings/components/download-models-card";
import { EmbeddingsCard } from "@/features/model-settings/components/embeddings-card";
import { ModelProfilesCard } from "@/features/model-settings/components/model-profiles-card";
import { TestResultBox } from "@/features/model-settings/components/test-result-box";

type FormValues = ModelFieldValues;

function fromSettings(s: ModelSettings): FormValues {
  return {
    provider: s.provider,
    baseUrl: s.baseUrl ?? "",
    model: s.provider === "local" && s.model === EMBEDDED_MODEL ? "" : s.model,
    apiKey: "",
  };
}

function toInput(v: FormValues): ModelSettingsInput {
  return {
    provider: v.provider,
    baseUrl: v.provider === "local" ? null : v.baseUrl.trim() || null,
    model: v.model.trim() || null,
    // Empty: keep the key saved for this endpoint.
    apiKey: v.apiKey.trim() ? v.apiKey.trim() : null,
  };
}

export function SettingsPage() {
  const settings = useModelSettings();
  return (
    <>
      <PageHeader
        title="Settings"
        description="Which language model writes the personas, the participants' answers and the insights."
      />
      {settings.isPending ? (
        <div className="space-y-6">
          <Skeleton className="h-32 w-full" />
          <Skeleton className="h-96 w-full" />
        </div>
      ) : settings.isError ? (
        <QueryError
          title="Could not load the settings"
          error={settings.error}
          onRetry={() => void settings.refetch()}
        />
      ) : (
        <div className="space-y-6">
          <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
            <ModelForm current={settings.data} />
            <ActiveModelCard current={settings.data} />
          </div>
          <ModelProfilesCard />
          <DownloadModelsCard />
          <PricesCard />
          <WebhooksCard />
          <EmbeddingsCard />
        </div>
      )}
    </>
  );
}

function ActiveModelCard({ current }: { current: ModelSettings }) {
  const reset = useResetModelSettings();
  const embedded = current.provider === "local" && current.model === EMBEDDED_MODEL;
  return (
    <Card className="h-fit" data-testid="active-model">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CpuIcon className="size-4 text-primary" aria-hidden="true" />
          Active model
        </CardTitle>
        <CardDescription>
          New calls use it at once; running sessions finish on the model they started with.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <dl className="space-y-2 text-sm">
          <div>
            <dt className="text-xs text-muted-foreground">Provider</dt>
            <dd className="font-medium">{PROVIDER_LABELS[current.provider]}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">Model</dt>
            <dd className="font-medium break-all" data-testid="active-model-name">
              {current.model}
            </dd>
          </div>
          {current.baseUrl && (
            <div>
              <dt className="text-xs text-muted-foreground">Endpoint</dt>
              <dd className="break-all">{current.baseUrl}</dd>
            </div>
          )}
          <div>
            <dt className="text-xs text-muted-foreground">API key</dt>
            <dd>{current.apiKeySet ? "Set (stored encrypted, never shown)" : "None"}</dd>
          </div>
        </dl>
        <Badge variant="secondary" data-testid="model-source">
          {SOURCE_LABELS[current.source] ?? current.source}
        </Badge>
        {embedded && (
          <p
            className="flex gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
            role="note"
          >
            <AlertTriangleIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            The embedded SmolLM2-135M lets you try Colloquy offline. It is far too small for
            research: its answers wander and repeat. Choose a capable model here before drawing any
            conclusion.
          </p>
        )}
        {current.source === "saved" && (
          <Button
            variant="outline"
            size="sm"
            disabled={reset.isPending}
            onClick={() =>
              reset.mutate(undefined, {
                onSuccess: () => toast.success("Back to the model of the environment variables"),
                onError: (e) => toast.error(errorMessage(e, "Could not reset the settings")),
              })
            }
          >
            Use the environment's model
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

function ModelForm({ current }: { current: ModelSettings }) {
  const [values, setValues] = useState<FormValues>(() => fromSettings(current));
  const [result, setResult] = useState<{
    kind: "test" | "save";
    test?: ModelTest;
    error?: string;
  } | null>(null);
  const test = useTestModel();
  const save = useSaveModelSettings();
  const busy = test.isPending || save.isPending;

  useEffect(() => setValues(fromSettings(current)), [current]);

  const update = (patch: Partial<FormValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    setResult(null);
  };
  const keySaved =
    current.apiKeySet &&
    current.provider === values.provider &&
    (current.baseUrl ?? "") === values.baseUrl.trim();

  const runTest = () =>
    test.mutate(toInput(values), {
      onSuccess: (t) => setResult({ kind: "test", test: t }),
      onError: (e) => setResult({ kind: "test", error: errorMessage(e, "The test could not run") }),
    });
  const runSave = () =>
    save.mutate(toInput(values), {
      onSuccess: (saved) => {
        setResult({ kind: "save", test: saved.test });
        toast.success(`Now using ${saved.model}`);
      },
      onError: (e) => {
        const message = errorMessage(e, "The settings could not be saved");
        setResult({ kind: "save", error: message });
        toast.error(message);
      },
    });
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <PlugZapIcon className="size-4 text-primary" aria-hidden="true" />
          Choose a model
        </CardTitle>
        <CardDescription>
          Any OpenAI-compatible server (OpenAI, Ollama, LM Studio, vLLM, llama.cpp, OpenRouter),
          Anthropic, or a GGUF file run in-process. Changes are tested before they are saved.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        <ModelFields
          idPrefix="model"
          values={values}
          onChange={update}
          apiKeyPlaceholder={
            keySaved ? "A key is saved: leave empty to keep it" : "Not needed for local servers"
          }
          apiKeyHint="Stored encrypted in Colloquy's database and never shown again."
        />

        <div className="flex flex-wrap gap-2 border-t pt-5">
          <Button type="button" variant="outline" onClick={runTest} disabled={busy}>
            {test.isPending && <Loader2Icon className="animate-spin" aria-hidden="true" />}
            Test connection
          </Button>
          <Button type="button" onClick={runSave} disabled={busy}>
            {save.isPending && <Loader2Icon className="animate-spin" aria-hidden="true" />}
            Save and use
          </Button>
          {busy && (
            <span className="self-center text-sm text-muted-foreground">
              Asking the model a short question...
            </span>
          )}
        </div>

        <div aria-live="polite">{result && <ResultBox result={result} />}</div>
      </CardContent>
    </Card>
  );
}

function ResultBox({
  result,
}: {
  result: { kind: "test" | "save"; test?: ModelTest; error?: string };
}) {
  const ok = !result.error && result.test?.ok;
  const text = result.error ?? (result.test ? describeTest(result.test) : "");
  const title = ok
    ? result.kind === "save"
      ? "Saved: new calls use this model"
      : "The model answered"
    : "It did not work";
  return <TestResultBox ok={Boolean(ok)} title={title} text={text} testId="model-test-result" />;
}
