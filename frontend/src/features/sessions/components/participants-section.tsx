import { UsersIcon } from "lucide-react";
import { useState } from "react";
import { EvidenceTierFilter } from "@/components/evidence-tier-filter";
import { PersonaPicker, type PersonaPickerSource } from "@/components/persona-picker";
import { Badge } from "@/components/ui/badge";
import type { Persona } from "@/lib/api-types";
import { PARTICIPANTS_MAX, participantCountOk, type SessionKind } from "../utils/session-form";
import { FormSection } from "./form-section";

export interface ParticipantsSectionProps {
  /** The library, searched and paged on the server. */
  library: PersonaPickerSource;
  /** The selected personas in pick order (the first speaks first). */
  selected: readonly Persona[];
  onToggle: (persona: Persona) => void;
  avatarIndex: (persona: Persona) => number;
  kind?: SessionKind;
}

export function ParticipantsSection({
  library,
  selected,
  onToggle,
  avatarIndex,
  kind = "group",
}: ParticipantsSectionProps) {
  const interview = kind === "interview";
  const count = selected.length;
  const [tier, setTier] = useState<string | null>(null);
  return (
    <FormSection
      id="participants"
      title={interview ? "Select the Persona to Interview (1)" : "Select Participants (3-8)"}
      icon={UsersIcon}
      description={
        interview
          ? "Pick the one persona the interviewer talks to; picking another replaces it."
          : "Pick the personas who take part. The first one selected speaks first."
      }
      aside={
        <Badge
          variant={participantCountOk(count, kind) ? "accent" : "secondary"}
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
        fullReason={!interview && count >= PARTICIPANTS_MAX ? "Maximum 8 participants" : null}
        numbered
        avatarIndex={avatarIndex}
        emptyText="Your persona library is empty. Create personas first."
        filters={<EvidenceTierFilter value={tier} onChange={setTier} />}
      />
    </FormSection>
  );
}
