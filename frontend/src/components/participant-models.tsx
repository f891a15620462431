import { CpuIcon, ShuffleIcon } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import type { Persona } from "@/lib/api-types";
import { cn } from "@/utils/cn";
import { profileLabel, useModelProfiles } from "@/lib/model-profiles-queries";
import { type ProfileChoice, spreadAcross } from "@/utils/participant-models";

export interface ParticipantModelsProps {
  /** The selected participants, in the order chosen. */
  participants: readonly Pick<Persona, "id" | "name">[];
  value: ProfileChoice;
  onChange: (value: Record<string, string>) => void;
  className?: string;
}

const DEFAULT = "";

/**
 * The "Model" column of the panel: each selected participant answers on the
 * default model or on a saved model profile; "Spread the panel" deals them over the profiles
 * ticked. Hidden until a profile exists (Settings).
 */
export function ParticipantModels({
  participants,
  value,
  onChange,
  className,
}: ParticipantModelsProps) {
  const profiles = useModelProfiles();
  const [ticked, setTicked] = useState<string[]>([]);
  if (profiles.isPending || participants.length === 0) return null;
  if (profiles.isError) {
    return (
      <p className={cn("text-sm text-destructive", className)} role="alert">
        Could not load the model profiles: every participant answers on the default model.
      </p>
    );
  }
  const list = profiles.data;
  if (list.length === 0) return null;
  const options = [
    { id: DEFAULT, label: "Default model" },
    ...list.map((p) => ({ id: p.id, label: profileLabel(p) })),
  ];
  const known = new Set(list.map((p) => p.id));
  const toggle = (id: string) =>
    setTicked((t) => (t.includes(id) ? t.filter((x) => x !== id) : [...t, id]));
  return (
    <div
      className={cn("space-y-3 rounded-lg border p-3", className)}
      data-testid="participant-models"
    >
      <table className="w-full text-sm">
        <caption className="mb-2 flex items-center gap-2 text-left font-medium">
          <CpuIcon className="size-4 text-primary" aria-hidden="true" />
          Models of the panel
        </caption>
        <thead>
          <tr className="text-left text-xs text-muted-foreground">
            <th scope="col" className="py-1 font-medium">
              Participant
            </th>
            <th scope="col" className="py-1 font-medium">
              Model
            </th>
          </tr>
        </thead>
        <tbody>
          {participants.map((p) => {
            const chosen = value[p.id] && known.has(value[p.id]) ? value[p.id] : DEFAULT;
            return (
              <tr key={p.id} data-testid="participant-model-row">
                <td className="py-1 pr-3">{p.name}</td>
                <td className="py-1">
                  <select
                    aria-label={`Model for ${p.name}`}
                    className="h-8 w-full rounded-md border border-input bg-card px-2 text-sm"
                    value={chosen}
                    onChange={(e) => onChange({ ...value, [p.id]: e.target.value })}
                  >
                    {options.map((o) => (
                      <option key={o.id} value={o.id}>
                        {o.label}
                      </option>
                    ))}
                  </select>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <fieldset className="space-y-2 border-t pt-3">
        <legend className="sr-only">Spread the panel across these profiles</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {options.map((o) => (
            <label key={o.id} className="flex items-center gap-1.5 text-sm">
              <input
                type="checkbox"
                checked={ticked.includes(o.id)}
                onChange={() => toggle(o.id)}
              />
              {o.label}
            </label>
          ))}
        </div>
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={ticked.length === 0}
          onClick={() => {
            const order = options.map((o) => o.id).filter((id) => ticked.includes(id));
            onChange(
              spreadAcross(
                participants.map((p) => p.id),
                order,
              ),
            );
          }}
        >
          <ShuffleIcon aria-hidden="true" />
          Spread the panel across these profiles
        </Button>
      </fieldset>
    </div>
  );
}
