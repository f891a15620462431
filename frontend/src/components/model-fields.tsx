import { ListIcon, Loader2Icon } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";
import { errorMessage } from "@/lib/api-client";
import type { ModelChoice, ProviderName } from "@/lib/api-types";
import { useListModels } from "@/lib/model-settings-queries";
import { EMBEDDED_MODEL, PRESETS, PROVIDER_LABELS } from "@/utils/model-presets";
import { cn } from "@/utils/cn";

/** What a model choice is made of; an empty string means "the default" for each field. */
export interface ModelFieldValues {
  provider: ProviderName;
  baseUrl: string;
  model: string;
  apiKey: string;
}

export interface ModelFieldsProps {
  /** Prefix of the inputs' ids, so two forms on one page do not clash. */
  idPrefix: string;
  values: ModelFieldValues;
  onChange: (patch: Partial<ModelFieldValues>) => void;
  apiKeyPlaceholder: string;
  apiKeyHint: string;
}

/**
 * Provider, endpoint, model and key, with the presets of the common servers and a list of
 * the endpoint's models: the model choice of the Settings screen and of "Run again on
 * another model".
 */
export function ModelFields({
  idPrefix,
  values,
  onChange,
  apiKeyPlaceholder,
  apiKeyHint,
}: ModelFieldsProps) {
  const [models, setModels] = useState<ModelChoice[] | null>(null);
  const list = useListModels();
  const local = values.provider === "local";
  const id = (field: string) => `${idPrefix}-${field}`;

  const loadModels = () =>
    list.mutate(
      { provider: values.provider, baseUrl: values.baseUrl },
      {
        onSuccess: (r) => setModels(r.models),
        onError: (e) => {
          setModels(null);
          toast.error(errorMessage(e, "Could not list models"));
        },
      },
    );

  return (
    <>
      <fieldset>
        <legend className="mb-2 text-sm font-medium">Presets</legend>
        <div className="flex flex-wrap gap-2">
          {PRESETS.map((p) => {
            const active = p.provider === values.provider && p.baseUrl === values.baseUrl.trim();
            return (
              <Button
                key={p.id}
                type="button"
                size="sm"
                variant={active ? "default" : "outline"}
                aria-pressed={active}
                onClick={() => {
                  setModels(null);
                  onChange({
                    provider: p.provider,
                    baseUrl: p.baseUrl,
                    model: p.model,
                    apiKey: "",
                  });
                }}
              >
                {p.label}
              </Button>
            );
          })}
        </div>
      </fieldset>

      <div className="space-y-2">
        <Label htmlFor={id("provider")}>Provider</Label>
        <Select
          value={values.provider}
          onValueChange={(v) => {
            setModels(null);
            onChange({ provider: v as ProviderName, model: "" });
          }}
        >
          <SelectTrigger id={id("provider")} className="w-full sm:w-80">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {(Object.keys(PROVIDER_LABELS) as ProviderName[]).map((p) => (
              <SelectItem key={p} value={p}>
                {PROVIDER_LABELS[p]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>

      {!local && (
        <div className="space-y-2">
          <Label htmlFor={id("base-url")}>Base URL</Label>
          <Input
            id={id("base-url")}
            value={values.baseUrl}
            onChange={(e) => onChange({ baseUrl: e.target.value })}
            placeholder={
              values.provider === "anthropic"
                ? "Default: https://api.anthropic.com"
                : "https://api.openai.com/v1"
            }
            maxLength={500}
            spellCheck={false}
          />
        </div>
      )}

      <div className="space-y-2">
        <Label htmlFor={id("name")}>{local ? "GGUF file" : "Model"}</Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            id={id("name")}
            value={values.model}
            onChange={(e) => onChange({ model: e.target.value })}
            placeholder={
              local ? `Empty: the embedded ${EMBEDDED_MODEL}` : "Empty: the provider's default"
            }
            maxLength={500}
            spellCheck={false}
            className="flex-1"
          />
          <Button type="button" variant="outline" onClick={loadModels} disabled={list.isPending}>
            {list.isPending ? (
              <Loader2Icon className="animate-spin" aria-hidden="true" />
            ) : (
              <ListIcon aria-hidden="true" />
            )}
            List models
          </Button>
        </div>
        {models && (
          <ul
            className="max-h-48 overflow-y-auto rounded-md border"
            aria-label="Available models"
            tabIndex={0}
          >
            {models.length === 0 && (
              <li className="px-3 py-2 text-sm text-muted-foreground">
                The endpoint lists no models.
              </li>
            )}
            {models.map((m) => (
              <li key={m.id}>
                <button
                  type="button"
                  className={cn(
                    "w-full px-3 py-1.5 text-left text-sm outline-none hover:bg-secondary focus-visible:bg-secondary",
                    m.id === values.model && "bg-accent font-medium",
                  )}
                  onClick={() => onChange({ model: m.id === EMBEDDED_MODEL ? "" : m.id })}
                >
                  {m.name}
                  {m.sizeBytes ? (
                    <span className="text-muted-foreground">
                      {" "}
                      · {(m.sizeBytes / 1e9).toFixed(2)} GB
                    </span>
                  ) : null}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>

      {!local && (
        <div className="space-y-2">
          <Label htmlFor={id("api-key")}>API key</Label>
          <Input
            id={id("api-key")}
            type="password"
            autoComplete="off"
            value={values.apiKey}
            onChange={(e) => onChange({ apiKey: e.target.value })}
            placeholder={apiKeyPlaceholder}
            maxLength={500}
          />
          <p className="text-xs text-muted-foreground">{apiKeyHint}</p>
        </div>
      )}
    </>
  );
}
