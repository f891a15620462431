import { UsersIcon } from "lucide-react";
import { useState } from "react";
import { EvidenceTierFilter } from "@/components/evidence-tier-filter";
import { PersonaPicker, type PersonaPickerSource } from "@/components/persona-picker";
import { Badge } from "@/components/ui/badge";
import type { Persona } from "@/lib/api-types";
import { PARTICIPANTS_MAX, participantCountOk } from "../utils/session-form";
import { FormSection } from "./form-section";

export interface ParticipantsSectionProps {
  /** The library, searched and paged on the server. */
  library: PersonaPickerSource;
  /** The selected personas in pick order (the first speaks first). */
  selected: readonly Persona[];
  onToggle: (persona: Persona) => void;
  avatarIndex: (persona: Persona) => number;
}

export function ParticipantsSection({
  library,
  selected,
  onToggle,
  avatarIndex,
}: ParticipantsSectionProps) {
  const count = selected.length;
  const [tier, setTier] = useState<string | null>(null);
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
      <PersonaPicker
        source={library}
        selected={selected}
        onToggle={onToggle}
        keep={(p) => !tier || p.evidence?.tier === tier}
        fullReason={count >= PARTICIPANTS_MAX ? "Maximum 8 participants" : null}
        numbered
        avatarIndex={avatarIndex}
        emptyText="Your persona library is empty. Create personas first."
        filters={<EvidenceTierFilter value={tier} onChange={setTier} />}
      />
    </FormSection>
  );
}
