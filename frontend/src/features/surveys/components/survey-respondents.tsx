import { EvidenceTierBadge } from "@/components/evidence-tier-badge";
import { PersonaAvatar } from "@/components/persona-avatar";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { Survey } from "../api/surveys";

type Respondent = Survey["respondents"][number];

/** "2 grounded, 1 described": the tiers of the respondents, most evidence first; respondents
 * snapshotted before tiers existed are left out. */
export function tierCounts(respondents: readonly Respondent[]): string {
  const order = ["grounded", "generated", "described"] as const;
  const counts = order.map(
    (tier) => [tier, respondents.filter((r) => r.evidence?.tier === tier).length] as const,
  );
  return counts
    .filter(([, n]) => n > 0)
    .map(([tier, n]) => `${n} ${tier}`)
    .join(", ");
}

/** The survey's respondents with their evidence tier, as session participants show it. */
export function SurveyRespondents({ respondents }: { respondents: readonly Respondent[] }) {
  if (respondents.length === 0) return null;
  const counts = tierCounts(respondents);
  return (
    <Card data-testid="survey-respondents">
      <CardHeader>
        <CardTitle>Respondents ({respondents.length})</CardTitle>
        {counts && <CardDescription>Evidence tiers: {counts}</CardDescription>}
      </CardHeader>
      <CardContent>
        {/* A long list scrolls in place; focusable so the keyboard can scroll it too. */}
        <ul
          tabIndex={0}
          className="grid max-h-80 gap-3 overflow-y-auto rounded-md sm:grid-cols-2 xl:grid-cols-3"
          aria-label="Respondents"
        >
          {respondents.map((r, index) => (
            <li key={r.id} className="flex items-start gap-3" data-testid="survey-respondent">
              <PersonaAvatar name={r.name} index={index} className="size-9 text-xs" />
              <div className="min-w-0">
                <p className="truncate text-sm font-medium" title={r.name}>
                  {r.name}
                  {r.age != null && (
                    <span className="font-normal text-muted-foreground"> · {r.age}</span>
                  )}
                </p>
                <EvidenceTierBadge evidence={r.evidence} className="mt-1" />
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
