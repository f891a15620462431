import { CheckIcon, UsersIcon } from "lucide-react";
import { useMemo, useState } from "react";
import { EvidenceTierBadge } from "@/components/evidence-tier-badge";
import { EvidenceTierFilter } from "@/components/evidence-tier-filter";
import { PersonaAvatar } from "@/components/persona-avatar";
import { TagFilter } from "@/components/tag-filter";
import { Badge } from "@/components/ui/badge";
import type { Persona } from "@/lib/api-types";
import { collectTags, filterByTag } from "@/utils/tags";
import { cn } from "@/utils/cn";
import { PARTICIPANTS_MAX, participantCountOk } from "../utils/session-form";
import { FormSection } from "./form-section";

export interface ParticipantsSectionProps {
  /** The library, in display order (a persona passed in through navigation first). */
  personas: readonly Persona[];
  /** Avatar colour index of each persona (its position in the library). */
  colorIndex: ReadonlyMap<string, number>;
  selectedIds: readonly string[];
  onToggle: (id: string) => void;
}

export function ParticipantsSection({
  personas,
  colorIndex,
  selectedIds,
  onToggle,
}: ParticipantsSectionProps) {
  const count = selectedIds.length;
  const full = count >= PARTICIPANTS_MAX;
  const [tag, setTag] = useState<string | null>(null);
  const [tier, setTier] = useState<string | null>(null);
  const tags = useMemo(() => collectTags(personas), [personas]);
  const activeTag = tag !== null && tags.includes(tag) ? tag : null;
  // Selected personas stay listed whatever the filter, so they can always be unselected.
  const shown = useMemo(
    () =>
      personas.filter(
        (p) =>
          selectedIds.includes(p.id) ||
          ((!activeTag || filterByTag([p], activeTag).length > 0) &&
            (!tier || p.evidence?.tier === tier)),
      ),
    [personas, activeTag, tier, selectedIds],
  );
  return (
    <FormSection
      id="participants"
      title="Select Participants (3-8)"
      icon={UsersIcon}
      description="Pick the personas who take part. The first one selected speaks first."
      aside={
        <Badge
          variant={participantCountOk(count) ? "accent" : "secondary"}
          data-testid="selected-count"
          aria-live="polite"
        >
          {count} selected
        </Badge>
      }
    >
      {personas.length === 0 ? (
        <p className="rounded-lg border border-dashed px-4 py-8 text-center text-sm text-muted-foreground">
          Your persona library is empty. Create personas first.
        </p>
      ) : (
        <>
          <TagFilter tags={tags} selected={activeTag} onSelect={setTag} className="mb-3" />
          <EvidenceTierFilter value={tier} onChange={setTier} className="mb-3" />
          <ul className="grid gap-3 sm:grid-cols-2" aria-label="Personas">
            {shown.map((persona) => {
              const order = selectedIds.indexOf(persona.id);
              const selected = order !== -1;
              const blocked = full && !selected;
              return (
                <li key={persona.id}>
                  <button
                    type="button"
                    aria-pressed={selected}
                    aria-disabled={blocked || undefined}
                    title={blocked ? "Maximum 8 participants" : undefined}
                    data-testid="participant-option"
                    onClick={() => onToggle(persona.id)}
                    className={cn(
                      "flex w-full cursor-pointer items-center gap-3 rounded-lg border bg-card p-3 text-left transition-colors outline-none",
                      "focus-visible:ring-[3px] focus-visible:ring-ring/50",
                      selected
                        ? "border-primary bg-accent/60 ring-1 ring-primary"
                        : "hover:bg-secondary",
                      blocked && "cursor-not-allowed opacity-50 hover:bg-card",
                    )}
                  >
                    <PersonaAvatar
                      name={persona.name}
                      index={colorIndex.get(persona.id) ?? 0}
                      className="size-10"
                    />
                    <span className="min-w-0 flex-1">
                      <span className="block truncate text-sm font-medium">{persona.name}</span>
                      <span className="block truncate text-xs text-muted-foreground">
                        {persona.age} · {persona.gender} · {persona.location}
                      </span>
                      <EvidenceTierBadge evidence={persona.evidence} className="mt-1" />
                    </span>
                    <span
                      aria-hidden="true"
                      className={cn(
                        "flex size-6 shrink-0 items-center justify-center rounded-full border text-xs font-semibold tabular-nums",
                        selected
                          ? "border-primary bg-primary text-primary-foreground"
                          : "border-input text-transparent",
                      )}
                    >
                      {selected ? order + 1 : <CheckIcon className="size-3.5" />}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </FormSection>
  );
}
