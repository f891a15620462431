import { Loader2Icon, RefreshCwIcon } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { paths } from "@/config/paths";
import { type ModelFieldValues, ModelFields } from "@/components/model-fields";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { errorMessage } from "@/lib/api-client";
import type { SessionHeader } from "@/lib/api-types";
import { profileLabel, useModelProfiles } from "@/lib/model-profiles-queries";
import { useModelSettings } from "@/lib/model-settings-queries";
import { modelLabel, useRerunSession } from "../api/rerun-session";

export interface RerunDialogProps {
  session: SessionHeader;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** "Run again on another model": a copy of this session, run on the model chosen here. */
export function RerunDialog({ session, open, onOpenChange }: RerunDialogProps) {
  const current = useModelSettings();
  const rerun = useRerunSession(session.id);
  const navigate = useNavigate();
  const [useCurrent, setUseCurrent] = useState(false);
  // "Run again on another model" picks a saved profile.
  const profiles = useModelProfiles();
  const [profileId, setProfileId] = useState<string | null>(null);
  const [values, setValues] = useState<ModelFieldValues>({
    provider: "openai",
    baseUrl: "",
    model: "",
    apiKey: "",
  });

  const currentName = current.data
    ? `${current.data.provider} · ${current.data.model}`
    : "the model in Settings";
  const submit = () => {
    const input = profileId
      ? { profileId }
      : useCurrent
        ? null
        : {
            provider: values.provider,
            baseUrl: values.provider === "local" ? null : values.baseUrl.trim() || null,
            model: values.model.trim() || null,
            // Empty: the key saved in Settings when this is its endpoint.
            apiKey: values.provider === "local" ? null : values.apiKey.trim() || null,
          };
    rerun.mutate(input, {
      onSuccess: (copy) => {
        toast.success(`Running "${copy.name}"`);
        onOpenChange(false);
        void navigate(paths.session.getHref(copy.id));
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
            A copy of this session (same participants, questions and settings) runs on the model you
            choose, so you can compare the two. This session
            {session.model ? ` was produced by ${modelLabel(session.model)}` : ""} stays as it is.
          </DialogDescription>
        </DialogHeader>

        <fieldset className="space-y-2">
          <legend className="sr-only">Which model</legend>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="rerun-model"
              checked={useCurrent && !profileId}
              onChange={() => {
                setUseCurrent(true);
                setProfileId(null);
              }}
            />
            Current model ({currentName})
          </label>
          {(profiles.data?.length ?? 0) > 0 && (
            <label className="flex flex-wrap items-center gap-2 text-sm">
              <input
                type="radio"
                name="rerun-model"
                checked={profileId !== null}
                onChange={() => setProfileId(profiles.data?.[0]?.id ?? null)}
              />
              A saved profile
              <select
                aria-label="Profile to run the copy on"
                className="h-8 rounded-md border border-input bg-card px-2 text-sm"
                value={profileId ?? ""}
                onChange={(e) => setProfileId(e.target.value || null)}
              >
                <option value="">Choose...</option>
                {profiles.data?.map((p) => (
                  <option key={p.id} value={p.id}>
                    {profileLabel(p)}
                  </option>
                ))}
              </select>
            </label>
          )}
          <label className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="rerun-model"
              checked={!useCurrent && !profileId}
              onChange={() => {
                setUseCurrent(false);
                setProfileId(null);
              }}
            />
            Another model
          </label>
        </fieldset>

        {!useCurrent && !profileId && (
          <div className="space-y-4" data-testid="rerun-model-form">
            <ModelFields
              idPrefix="rerun"
              values={values}
              onChange={(patch) => setValues((v) => ({ ...v, ...patch }))}
              apiKeyPlaceholder="Empty: the key saved in Settings for this endpoint, if any"
              apiKeyHint="Stored encrypted with the copy and never shown."
            />
          </div>
        )}

        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="button" onClick={submit} disabled={rerun.isPending}>
            {rerun.isPending ? (
              <Loader2Icon className="animate-spin" aria-hidden="true" />
            ) : (
              <RefreshCwIcon aria-hidden="true" />
            )}
            Run the copy
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
