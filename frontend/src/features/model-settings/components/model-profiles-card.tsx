import { Layers3Icon, Loader2Icon, PlusIcon, StarIcon, Trash2Icon } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { ConfirmDeleteDialog } from "@/components/confirm-delete-dialog";
import { type ModelFieldValues, ModelFields } from "@/components/model-fields";
import { QueryError } from "@/components/query-error";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api-client";
import type { ModelProfile, ModelProfileInput } from "@/lib/api-types";
import { PROVIDER_LABELS } from "@/utils/model-presets";
import {
  useCreateModelProfile,
  useDeleteModelProfile,
  useModelProfiles,
  useUpdateModelProfile,
} from "@/lib/model-profiles-queries";

const EMPTY: ModelFieldValues = { provider: "openai", baseUrl: "", model: "", apiKey: "" };

export function toProfileInput(name: string, v: ModelFieldValues): ModelProfileInput {
  return {
    name: name.trim(),
    provider: v.provider,
    baseUrl: v.provider === "local" ? null : v.baseUrl.trim() || null,
    model: v.model.trim() || null,
    apiKey: v.apiKey.trim() || null,
  };
}

/**
 * Model profiles: several saved models for mixed panels, one of them the default
 * (the model above). A new profile is tested before it is saved.
 */
export function ModelProfilesCard() {
  const profiles = useModelProfiles();
  const [adding, setAdding] = useState(false);
  return (
    <Card data-testid="model-profiles">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Layers3Icon className="size-4 text-primary" aria-hidden="true" />
          Model profiles
        </CardTitle>
        <CardDescription>
          Save several models to mix them in one panel: each participant or respondent can answer on
          its own model. The default profile is the model chosen above.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {profiles.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : profiles.isError ? (
          <QueryError
            title="Could not load the model profiles"
            error={profiles.error}
            onRetry={() => void profiles.refetch()}
          />
        ) : profiles.data.length === 0 ? (
          <p className="rounded-lg border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
            No profiles yet. Every participant answers on the model above.
          </p>
        ) : (
          <ul className="divide-y rounded-lg border" aria-label="Model profiles">
            {profiles.data.map((p) => (
              <ProfileRow key={p.id} profile={p} />
            ))}
          </ul>
        )}
        {adding ? (
          <NewProfileForm onDone={() => setAdding(false)} />
        ) : (
          <Button type="button" variant="outline" onClick={() => setAdding(true)}>
            <PlusIcon aria-hidden="true" />
            Add profile
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

function ProfileRow({ profile }: { profile: ModelProfile }) {
  const update = useUpdateModelProfile();
  const remove = useDeleteModelProfile();
  const [confirming, setConfirming] = useState(false);
  return (
    <li className="flex flex-wrap items-center gap-3 p-3" data-testid="model-profile">
      <div className="min-w-0 flex-1">
        <p className="flex items-center gap-2 font-medium">
          {profile.name}
          {profile.isDefault && <Badge variant="accent">Default</Badge>}
        </p>
        <p className="truncate text-xs text-muted-foreground">
          {profile.model ?? "the provider's default model"} · {PROVIDER_LABELS[profile.provider]}
          {profile.baseUrl ? ` · ${profile.baseUrl}` : ""} ·{" "}
          {profile.apiKeySet ? "key saved" : "no key"}
        </p>
      </div>
      {!profile.isDefault && (
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={update.isPending}
          onClick={() =>
            update.mutate(
              { id: profile.id, input: { isDefault: true } },
              {
                onSuccess: () => toast.success(`${profile.name} is now the default model`),
                onError: (e) => toast.error(errorMessage(e, "Could not change the default")),
              },
            )
          }
        >
          <StarIcon aria-hidden="true" />
          Make default
        </Button>
      )}
      <Button
        type="button"
        size="sm"
        variant="ghost"
        aria-label={`Delete profile ${profile.name}`}
        onClick={() => setConfirming(true)}
      >
        <Trash2Icon aria-hidden="true" />
      </Button>
      <ConfirmDeleteDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Delete ${profile.name}?`}
        description="Finished sessions and surveys keep the model each answer was written by. A session or survey that has not finished and uses this profile keeps it from being deleted."
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(profile.id, {
            onSuccess: () => {
              setConfirming(false);
              toast.success(`${profile.name} deleted`);
            },
            onError: (e) => {
              setConfirming(false);
              toast.error(errorMessage(e, "Could not delete the profile"));
            },
          })
        }
      />
    </li>
  );
}

function NewProfileForm({ onDone }: { onDone: () => void }) {
  const [name, setName] = useState("");
  const [values, setValues] = useState<ModelFieldValues>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const create = useCreateModelProfile();
  const save = () =>
    create.mutate(toProfileInput(name, values), {
      onSuccess: (made) => {
        toast.success(`Profile ${made.name} saved`);
        onDone();
      },
      onError: (e) => setError(errorMessage(e, "The profile could not be saved")),
    });
  return (
    <form
      className="space-y-4 rounded-lg border p-4"
      aria-label="New model profile"
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <div className="space-y-2">
        <Label htmlFor="profile-label">Profile name</Label>
        <Input
          id="profile-label"
          value={name}
          maxLength={100}
          onChange={(e) => setName(e.target.value)}
          autoComplete="off"
        />
      </div>
      <ModelFields
        idPrefix="profile"
        values={values}
        onChange={(patch) => {
          setValues((v) => ({ ...v, ...patch }));
          setError(null);
        }}
        apiKeyPlaceholder="Not needed for local servers"
        apiKeyHint="Stored encrypted and never shown again."
      />
      {error && (
        <p role="alert" className="text-sm text-destructive" data-testid="profile-error">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" disabled={create.isPending || !name.trim()}>
          {create.isPending && <Loader2Icon className="animate-spin" aria-hidden="true" />}
          Test and save profile
        </Button>
        <Button type="button" variant="outline" onClick={onDone} disabled={create.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
