import { ArrowDownIcon, ArrowUpIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { SessionAnalytics } from "@/lib/api-types";
import { TRAIT_KEYS, TRAIT_LABELS } from "@/utils/traits";

/** product-rules §2 response patterns: per trait, participants above 70 are 'High', below 30 'Low'. */
export function TraitPatternsCard({ patterns }: { patterns: SessionAnalytics["traitPatterns"] }) {
  return (
    <Card data-testid="trait-patterns">
      <CardHeader>
        <CardTitle>Response Patterns by Trait</CardTitle>
        <CardDescription>
          Participants scoring above 70 (High) or below 30 (Low) on each trait.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="divide-y">
          {TRAIT_KEYS.map((key) => {
            const high = patterns[key]?.high ?? [];
            const low = patterns[key]?.low ?? [];
            return (
              <div
                key={key}
                className="flex flex-col gap-1.5 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-start"
              >
                <dt className="w-40 shrink-0 text-sm font-medium">{TRAIT_LABELS[key]}</dt>
                <dd className="flex flex-1 flex-wrap gap-1.5">
                  {high.length + low.length === 0 ? (
                    <span className="text-sm text-muted-foreground">No strong pattern</span>
                  ) : (
                    <>
                      {high.map((name) => (
                        <Badge key={`h-${name}`} variant="accent">
                          <ArrowUpIcon aria-hidden="true" />
                          {name} · High
                        </Badge>
                      ))}
                      {low.map((name) => (
                        <Badge key={`l-${name}`} variant="outline">
                          <ArrowDownIcon aria-hidden="true" />
                          {name} · Low
                        </Badge>
                      ))}
                    </>
                  )}
                </dd>
              </div>
            );
          })}
        </dl>
      </CardContent>
    </Card>
  );
}
