import { MapPinIcon, MessageSquareIcon, WalletIcon } from "lucide-react";
import { EvidenceTierBadge } from "@/components/evidence-tier-badge";
import { PersonaAvatar } from "@/components/persona-avatar";
import { TraitBars } from "@/components/trait-bars";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import type { SessionHeader } from "@/lib/api-types";

/** product-rules §2 Participants tab: name, age, gender, location, income, response count, traits, interests. */
export function ParticipantsTab({ session }: { session: SessionHeader }) {
  if (session.participants.length === 0) {
    return (
      <div className="rounded-xl border border-dashed bg-card px-6 py-16 text-center text-muted-foreground">
        This session has no participants.
      </div>
    );
  }
  return (
    <ul className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3" aria-label="Participants">
      {session.participants.map((p, index) => {
        const headingId = `participant-${index}-name`;
        const responses = session.responseCounts[p.id] ?? 0;
        return (
          <li key={`${p.id}-${index}`}>
            <Card
              role="article"
              aria-labelledby={headingId}
              data-testid="participant-card"
              className="h-full gap-5 p-5"
            >
              <div className="flex items-start gap-3">
                <PersonaAvatar name={p.name} index={index} />
                <div className="min-w-0 flex-1">
                  <h2
                    id={headingId}
                    className="truncate font-semibold leading-tight"
                    title={p.name}
                  >
                    {p.name}
                  </h2>
                  <p className="mt-0.5 text-sm text-muted-foreground">
                    {p.age} · {p.gender}
                  </p>
                  <EvidenceTierBadge evidence={p.evidence} className="mt-1" />
                </div>
              </div>
              <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm">
                <div className="col-span-2">
                  <dt className="flex items-center gap-1.5 text-xs text-muted-foreground">
                    <MapPinIcon className="size-3.5" aria-hidden="true" />
                    Location
                  </dt>
                  <dd className="mt-0.5 truncate" title={p.location}>
                    {p.location}
                  </dd>
                </div>
                <div>
                  <dt className="flex items-center gap-1.5 text-xs text-muted-foreground">
                    <WalletIcon className="size-3.5" aria-hidden="true" />
                    Income
                  </dt>
                  <dd className="mt-0.5 whitespace-nowrap">{p.income}</dd>
                </div>
                <div>
                  <dt className="flex items-center gap-1.5 text-xs text-muted-foreground">
                    <MessageSquareIcon className="size-3.5" aria-hidden="true" />
                    Responses
                  </dt>
                  <dd className="mt-0.5 tabular-nums" data-testid="response-count">
                    {responses}
                  </dd>
                </div>
              </dl>
              <TraitBars traits={p.traits} />
              {p.interests.length > 0 && (
                <ul className="mt-auto flex flex-wrap gap-1.5" aria-label="Interests">
                  {p.interests.map((interest, i) => (
                    <li key={`${i}-${interest}`}>
                      <Badge variant="secondary">{interest}</Badge>
                    </li>
                  ))}
                </ul>
              )}
            </Card>
          </li>
        );
      })}
    </ul>
  );
}
