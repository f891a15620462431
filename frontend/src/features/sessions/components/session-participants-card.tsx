import { CpuIcon, UsersIcon } from "lucide-react";
import { PersonaAvatar } from "@/components/persona-avatar";
import { TraitBars } from "@/components/trait-bars";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import type { SessionParticipant } from "@/lib/api-types";

export interface SessionParticipantsCardProps {
  participants: readonly SessionParticipant[];
  /** Index of the participant speaking now, or null. */
  speakingIndex: number | null;
  /** Mixed panel: persona id -> the model it answers on; null: not shown. */
  models?: ReadonlyMap<string, string> | null;
}

export function SessionParticipantsCard({
  participants,
  speakingIndex,
  models,
}: SessionParticipantsCardProps) {
  return (
    <Card role="region" aria-labelledby="participants-heading" className="gap-4 p-5">
      <div className="flex items-center justify-between gap-2">
        <div className="flex items-center gap-2">
          <UsersIcon className="size-4 text-primary" aria-hidden="true" />
          <h2 id="participants-heading" className="font-semibold">
            Participants
          </h2>
        </div>
        <span className="text-xs text-muted-foreground">{participants.length}</span>
      </div>
      <ul className="divide-y" aria-label="Participants">
        {participants.map((participant, index) => {
          const speaking = index === speakingIndex;
          const model = participant.id ? models?.get(participant.id) : undefined;
          return (
            <li
              key={participant.id ?? index}
              className="space-y-3 py-4 first:pt-0 last:pb-0"
              data-testid="participant"
              aria-current={speaking ? "true" : undefined}
            >
              <div className="flex items-center gap-3">
                <PersonaAvatar name={participant.name} index={index} className="size-9 text-xs" />
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium">{participant.name}</p>
                  <p className="truncate text-xs text-muted-foreground">
                    {participant.age} · {participant.gender}
                  </p>
                  {model && (
                    <p
                      className="flex items-center gap-1 truncate text-xs text-muted-foreground"
                      data-testid="participant-model"
                    >
                      <CpuIcon className="size-3 shrink-0" aria-hidden="true" />
                      <span className="sr-only">Model: </span>
                      {model}
                    </p>
                  )}
                </div>
                {speaking && (
                  <Badge data-testid="speaking-badge">
                    {/* Only the dot pulses: fading the whole badge would drop its text below
                        the contrast minimum for half of every beat. */}
                    <span
                      className="size-1.5 animate-pulse rounded-full bg-current"
                      aria-hidden="true"
                    />
                    Speaking
                  </Badge>
                )}
              </div>
              <TraitBars traits={participant.traits} className="space-y-1.5" />
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
