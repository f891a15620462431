import { ListIcon, Loader2Icon, RefreshCwIcon } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { paths } from "@/app/paths";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { errorMessage } from "@/lib/api-client";
import type { ModelChoice, ProviderName, Session } from "@/lib/api-types";
import { cn } from "@/lib/utils";
import { useListModels, useModelSettings } from "@/lib/model-settings-queries";
import { PRESETS, PROVIDER_LABELS } from "@/lib/model-presets";
import { modelLabel, useRerunSession } from "../api/rerun-session";

const EMBEDDED = "SmolLM2-135M-Instruct";

export interface RerunDialogProps {
  session: Session;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** "Run again on another model": a copy of this session, run on the model chosen here. */
export function RerunDialog({ session, open, onOpenChange }: RerunDialogProps) {
  const current = useModelSettings();
  const rerun = useRerunSession(session.id);
  const list = useListModels();
  const navigate = useNavigate();
  const [useCurrent, setUseCurrent] = useState(false);
  const [provider, setProvider] = useState<ProviderName>("openai");
  const [baseUrl, setBaseUrl] = useState("");
  const [model, setModel] = useState("");
  const [apiKey, setApiKey] = useState("");
  const [models, setModels] = useState<ModelChoice[] | null>(null);

  const currentName = current.data ? `${current.data.provider} · ${current.data.model}` : "the model in Settings";
  const submit = () => {
    const input = useCurrent
      ? null
      : {
          provider,
          baseUrl: provider === "local" ? null : baseUrl.trim() || null,
          model: model.trim() || null,
          // Empty: the key saved in Settings when this is its endpoint.
          apiKey: provider === "local" ? null : apiKey.trim() || null,
        };
    rerun.mutate(input, {
      onSuccess: (copy) => {
        toast.success(`Running "${copy.name}"`);
        onOpenChange(false);
        void navigate(paths.session(copy.id));
      },
      onError: (e) => toast.error(errorMessage(e, "Could not run the session again")),
    });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Run again on another model</DialogTitle>
          <DialogDescription>
            A copy of this session (same participants, questions and settings) runs on the model you choose, so you can
            compare the two. This session{session.model ? ` was produced by ${modelLabel(session.model)}` : ""} stays as
            it is.
          </DialogDescription>
        </DialogHeader>

        <fieldset className="space-y-2">
          <legend className="sr-only">Which model</legend>
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" name="rerun-model" checked={useCurrent} onChange={() => setUseCurrent(true)} />
            Current model ({currentName})
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" name="rerun-model" checked={!useCurrent} onChange={() => setUseCurrent(false)} />
            Another model
          </label>
        </fieldset>

        {!useCurrent && (
          <div className="space-y-4" data-testid="rerun-model-form">
            <div className="flex flex-wrap gap-2" role="group" aria-label="Presets">
              {PRESETS.map((p) => {
                const active = p.provider === provider && p.baseUrl === baseUrl.trim();
                return (
                  <Button
                    key={p.id}
                    type="button"
                    size="sm"
                    variant={active ? "default" : "outline"}
                    aria-pressed={active}
                    onClick={() => {
                      setProvider(p.provider);
                      setBaseUrl(p.baseUrl);
                      setModel(p.model);
                      setModels(null);
                    }}
                  >
                    {p.label}
                  </Button>
                );
              })}
            </div>
            <div className="space-y-2">
              <Label htmlFor="rerun-provider">Provider</Label>
              <Select
                value={provider}
                onValueChange={(v) => {
                  setProvider(v as ProviderName);
                  setModel("");
                  setModels(null);
                }}
              >
                <SelectTrigger id="rerun-provider" className="w-full">
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
            {provider !== "local" && (
              <div className="space-y-2">
                <Label htmlFor="rerun-base-url">Base URL</Label>
                <Input
                  id="rerun-base-url"
                  value={baseUrl}
                  onChange={(e) => setBaseUrl(e.target.value)}
                  placeholder="https://api.openai.com/v1"
                  maxLength={500}
                  spellCheck={false}
                />
              </div>
            )}
            <div className="space-y-2">
              <Label htmlFor="rerun-model-name">{provider === "local" ? "GGUF file" : "Model"}</Label>
              <div className="flex gap-2">
                <Input
                  id="rerun-model-name"
                  value={model}
                  onChange={(e) => setModel(e.target.value)}
                  placeholder={provider === "local" ? `Empty: the embedded ${EMBEDDED}` : "Empty: the provider's default"}
                  maxLength={500}
                  spellCheck={false}
                  className="flex-1"
                />
                <Button
                  type="button"
                  variant="outline"
                  disabled={list.isPending}
                  onClick={() =>
                    list.mutate(
                      { provider, baseUrl },
                      {
                        onSuccess: (r) => setModels(r.models),
                        onError: (e) => toast.error(errorMessage(e, "Could not list models")),
                      },
                    )
                  }
                >
                  {list.isPending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : <ListIcon aria-hidden="true" />}
                  List
                </Button>
              </div>
              {models && (
                <ul className="max-h-40 overflow-y-auto rounded-md border" aria-label="Available models" tabIndex={0}>
                  {models.map((m) => (
                    <li key={m.id}>
                      <button
                        type="button"
                        className={cn(
                          "w-full px-3 py-1.5 text-left text-sm outline-none hover:bg-secondary focus-visible:bg-secondary",
                          m.id === model && "bg-accent font-medium",
                        )}
                        onClick={() => setModel(m.id === EMBEDDED ? "" : m.id)}
                      >
                        {m.name}
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </div>
            {provider !== "local" && (
              <div className="space-y-2">
                <Label htmlFor="rerun-api-key">API key</Label>
                <Input
                  id="rerun-api-key"
                  type="password"
                  autoComplete="off"
                  value={apiKey}
                  onChange={(e) => setApiKey(e.target.value)}
                  placeholder="Empty: the key saved in Settings for this endpoint, if any"
                  maxLength={500}
                />
                <p className="text-xs text-muted-foreground">Stored encrypted with the copy and never shown.</p>
              </div>
            )}
          </div>
        )}

        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="button" onClick={submit} disabled={rerun.isPending}>
            {rerun.isPending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : <RefreshCwIcon aria-hidden="true" />}
            Run the copy
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
