import { Loader2Icon, SparklesIcon } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { toast } from "sonner";
import { useQueryClient } from "@tanstack/react-query";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api-client";
import { useModelSettings } from "@/lib/model-settings-queries";
import { SOURCE_LABELS } from "@/utils/model-presets";
import { cn } from "@/utils/cn";
import {
  describeEmbeddingTest,
  type EmbedderKind,
  type EmbeddingSettings,
  type EmbeddingSettingsInput,
  type EmbeddingTest,
  useEmbeddingOptions,
  useEmbeddingSettings,
  useResetEmbedder,
  useSaveEmbedder,
  useTestEmbedder,
} from "../api/embedding-settings";
import { EmbeddingGgufList } from "./embedding-gguf-list";
import { TestResultBox } from "./test-result-box";

interface Values {
  kind: EmbedderKind;
  model: string;
  gguf: string;
  baseUrl: string;
  apiKey: string;
}

const KINDS: { kind: EmbedderKind; label: string; hint: string }[] = [
  {
    kind: "wordllama",
    label: "Offline (built in)",
    hint: "Static word vectors: need nothing, but understand meaning least well.",
  },
  {
    kind: "provider",
    label: "The chat model's provider",
    hint: "Its endpoint and key, with an embedding model.",
  },
  {
    kind: "endpoint",
    label: "OpenAI-compatible endpoint",
    hint: "Any /v1/embeddings server with its own address and key.",
  },
  {
    kind: "gguf",
    label: "GGUF model on this computer",
    hint: "Run in-process by llama.cpp, downloaded like the chat models.",
  },
];

function fromSettings(s: EmbeddingSettings): Values {
  return {
    kind: s.kind,
    model: s.kind === "provider" || s.kind === "endpoint" ? (s.model ?? "") : "",
    gguf: s.kind === "gguf" ? (s.model ?? "") : "",
    baseUrl: s.baseUrl ?? "",
    apiKey: "",
  };
}

function toInput(v: Values): EmbeddingSettingsInput {
  if (v.kind === "wordllama") return { kind: "wordllama" };
  if (v.kind === "gguf") return { kind: "gguf", model: v.gguf || null };
  if (v.kind === "provider") return { kind: "provider", model: v.model.trim() || null };
  return {
    kind: "endpoint",
    baseUrl: v.baseUrl.trim() || null,
    model: v.model.trim() || null,
    apiKey: v.apiKey.trim() ? v.apiKey.trim() : null,
  };
}

/** The "Embeddings" card: which model turns answers into sentence vectors. */
export function EmbeddingsCard() {
  const settings = useEmbeddingSettings();
  return (
    <Card data-testid="embeddings-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <SparklesIcon className="size-4 text-primary" aria-hidden="true" />
          Embeddings
        </CardTitle>
        <CardDescription>
          Sentence embeddings place answers by meaning for session health, survey ratings and
          comparisons with real people. A change is tested before it is saved; results made by
          another embedder are computed again when next opened.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        {settings.isPending ? (
          <Skeleton className="h-48 w-full" />
        ) : settings.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(settings.error, "Could not load the embeddings settings")}
          </p>
        ) : (
          <EmbeddingsForm current={settings.data} />
        )}
      </CardContent>
    </Card>
  );
}

function EmbeddingsForm({ current }: { current: EmbeddingSettings }) {
  const chat = useModelSettings();
  const chatKey = chat.data
    ? `${chat.data.provider}|${chat.data.baseUrl ?? ""}|${chat.data.model}`
    : "";
  const options = useEmbeddingOptions(chatKey);
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Values>(() => fromSettings(current));
  const [result, setResult] = useState<{
    kind: "test" | "save";
    test?: EmbeddingTest;
    error?: string;
  } | null>(null);
  const test = useTestEmbedder();
  const save = useSaveEmbedder();
  const reset = useResetEmbedder();
  const busy = test.isPending || save.isPending;

  useEffect(() => setValues(fromSettings(current)), [current]);
  const refreshOptions = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: ["settings", "embeddings", "options"] }),
    [queryClient],
  );

  const update = (patch: Partial<Values>) => {
    setValues((v) => ({ ...v, ...patch }));
    setResult(null);
  };
  const provider = options.data?.provider;
  const keySaved =
    current.apiKeySet &&
    current.kind === "endpoint" &&
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
        toast.success(`Embeddings now come from ${saved.embedder}`);
      },
      onError: (e) => {
        const message = errorMessage(e, "The embedder could not be saved");
        setResult({ kind: "save", error: message });
        toast.error(message);
      },
    });

  return (
    <>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="text-muted-foreground">In use:</span>
        <span className="font-medium break-all" data-testid="embedder-in-use">
          {current.embedder}
        </span>
        <Badge variant="secondary">{SOURCE_LABELS[current.source] ?? current.source}</Badge>
      </div>

      <fieldset className="space-y-2">
        <legend className="mb-2 text-sm font-medium">Embedder</legend>
        {KINDS.map((k) => {
          const unavailable =
            k.kind === "provider" && provider !== undefined && !provider.available;
          return (
            <label
              key={k.kind}
              className={cn(
                "flex gap-2 rounded-md border p-3 text-sm",
                values.kind === k.kind && "border-primary bg-accent/40",
                unavailable ? "opacity-60" : "cursor-pointer",
              )}
            >
              <input
                type="radio"
                name="embedder-kind"
                value={k.kind}
                checked={values.kind === k.kind}
                disabled={unavailable}
                onChange={() => update({ kind: k.kind })}
                className="mt-0.5"
              />
              <span>
                <span className="block font-medium">{k.label}</span>
                <span className="block text-muted-foreground">
                  {unavailable ? provider?.reason : k.hint}
                </span>
              </span>
            </label>
          );
        })}
      </fieldset>

      {values.kind === "provider" && (
        <div className="space-y-2">
          <Label htmlFor="embedding-provider-model">Embedding model</Label>
          <Input
            id="embedding-provider-model"
            list="embedding-provider-models"
            value={values.model}
            placeholder={provider?.models[0]?.id ?? "text-embedding-3-small"}
            onChange={(e) => update({ model: e.target.value })}
          />
          <datalist id="embedding-provider-models">
            {provider?.models.map((m) => (
              <option key={m.id} value={m.id} />
            ))}
          </datalist>
          <p className="text-xs text-muted-foreground" data-testid="provider-embedding-models">
            {options.isPending
              ? "Asking the chat model's endpoint for its embedding models..."
              : provider?.models.length
                ? `Offered by the endpoint: ${provider.models.map((m) => m.id).join(", ")}`
                : (provider?.reason ?? "Type the name of an embedding model the endpoint serves.")}
          </p>
        </div>
      )}

      {values.kind === "endpoint" && (
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="space-y-2 sm:col-span-2">
            <Label htmlFor="embedding-base-url">Embeddings base URL</Label>
            <Input
              id="embedding-base-url"
              value={values.baseUrl}
              placeholder="http://127.0.0.1:11434/v1"
              onChange={(e) => update({ baseUrl: e.target.value })}
            />
          </div>
          <div className="space-y-2">
            <Label htmlFor="embedding-model">Embedding model</Label>
            <Input
              id="embedding-model"
              value={values.model}
              placeholder="nomic-embed-text"
              onChange={(e) => update({ model: e.target.value })}
            />
          </div>
          <div className="space-y-2">
            <Label htmlFor="embedding-api-key">Embeddings API key</Label>
            <Input
              id="embedding-api-key"
              type="password"
              autoComplete="off"
              value={values.apiKey}
              placeholder={
                keySaved ? "A key is saved: leave empty to keep it" : "Not needed for local servers"
              }
              onChange={(e) => update({ apiKey: e.target.value })}
            />
          </div>
        </div>
      )}

      {values.kind === "gguf" &&
        (options.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : options.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(options.error, "Could not list the GGUF embedding models")}
          </p>
        ) : (
          <EmbeddingGgufList
            options={options.data.gguf}
            value={values.gguf}
            onChange={(gguf) => update({ gguf })}
            onDownloaded={refreshOptions}
          />
        ))}

      <div className="flex flex-wrap gap-2 border-t pt-5">
        <Button type="button" variant="outline" onClick={runTest} disabled={busy}>
          {test.isPending && <Loader2Icon className="animate-spin" aria-hidden="true" />}
          Test embedder
        </Button>
        <Button type="button" onClick={runSave} disabled={busy}>
          {save.isPending && <Loader2Icon className="animate-spin" aria-hidden="true" />}
          Save embedder
        </Button>
        {current.source === "saved" && (
          <Button
            type="button"
            variant="ghost"
            disabled={reset.isPending}
            onClick={() =>
              reset.mutate(undefined, {
                onSuccess: (r) => toast.success(`Back to ${r.embedder}`),
                onError: (e) => toast.error(errorMessage(e, "Could not reset the embedder")),
              })
            }
          >
            Use the environment's embedder
          </Button>
        )}
        {busy && (
          <span className="self-center text-sm text-muted-foreground">
            Embedding two test sentences...
          </span>
        )}
      </div>
      <div aria-live="polite">{result && <ResultBox result={result} />}</div>
    </>
  );
}

function ResultBox({
  result,
}: {
  result: { kind: "test" | "save"; test?: EmbeddingTest; error?: string };
}) {
  const ok = !result.error && result.test?.ok;
  const text = result.error ?? (result.test ? describeEmbeddingTest(result.test) : "");
  const title = ok
    ? result.kind === "save"
      ? "Saved: new embeddings use it"
      : "The embedder works"
    : "It did not work";
  return (
    <TestResultBox ok={Boolean(ok)} title={title} text={text} testId="embedding-test-result" />
  );
}
