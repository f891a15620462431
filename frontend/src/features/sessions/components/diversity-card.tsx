import { AlertTriangleIcon, LightbulbIcon, SparklesIcon } from "lucide-react";
import { Card } from "@/components/ui/card";
import type { DiversityLabel } from "@/lib/api-types";
import { TRAIT_KEYS, TRAIT_LABELS } from "@/lib/traits";
import { cn } from "@/lib/utils";
import { diversityLabel, type DiversityResult } from "../utils/diversity";

const LABEL_STYLES: Record<DiversityLabel, { text: string; bar: string; chip: string }> = {
  Excellent: { text: "text-emerald-600", bar: "bg-emerald-500", chip: "bg-emerald-50 text-emerald-700" },
  Moderate: { text: "text-amber-600", bar: "bg-amber-500", chip: "bg-amber-50 text-amber-700" },
  Low: { text: "text-rose-600", bar: "bg-rose-500", chip: "bg-rose-50 text-rose-700" },
};

/** Group Diversity Score of the selected personas (shown from 2 personas on). */
export function DiversityCard({ result }: { result: DiversityResult }) {
  const label = diversityLabel(result.overallScore);
  const style = LABEL_STYLES[label];
  const demo = result.demographicDiversity;
  return (
    <Card role="region" aria-labelledby="diversity-heading" className="gap-5 p-5" data-testid="diversity-card">
      <div className="flex items-start justify-between gap-3">
        <div className="flex items-center gap-2">
          <SparklesIcon className="size-4 text-primary" aria-hidden="true" />
          <h2 id="diversity-heading" className="font-semibold">
            Diversity Score
          </h2>
        </div>
        <span className={cn("rounded-full px-2.5 py-0.5 text-xs font-medium", style.chip)} data-testid="diversity-label">
          {label}
        </span>
      </div>

      <div className="flex items-end gap-1.5">
        <span className={cn("text-4xl font-semibold tabular-nums", style.text)} data-testid="diversity-score">
          {result.overallScore}
        </span>
        <span className="pb-1 text-sm text-muted-foreground">/ 100</span>
      </div>

      <dl className="space-y-2.5" aria-label="Trait diversity">
        {TRAIT_KEYS.map((trait) => {
          const value = result.traitDiversity[trait];
          return (
            <div key={trait}>
              <div className="flex items-center justify-between text-xs">
                <dt className="text-muted-foreground">{TRAIT_LABELS[trait]}</dt>
                <dd className="font-medium tabular-nums">{value}%</dd>
              </div>
              <div
                role="meter"
                aria-label={`${TRAIT_LABELS[trait]} diversity`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={value}
                className="mt-1 h-1.5 overflow-hidden rounded-full bg-muted"
              >
                <div className={cn("h-full rounded-full", style.bar)} style={{ width: `${value}%` }} />
              </div>
            </div>
          );
        })}
      </dl>

      <p className="text-xs text-muted-foreground">
        Ages span {demo.ageRange} years · {demo.genderCount} {demo.genderCount === 1 ? "gender" : "genders"} ·{" "}
        {demo.locationCount} {demo.locationCount === 1 ? "location" : "locations"} · {demo.incomeRange} income{" "}
        {demo.incomeRange === 1 ? "level" : "levels"}
      </p>

      {result.warnings.length > 0 && (
        <ul className="space-y-1.5" aria-label="Warnings">
          {result.warnings.map((warning) => (
            <li key={warning} className="flex items-start gap-2 text-xs text-amber-700">
              <AlertTriangleIcon className="mt-px size-3.5 shrink-0" aria-hidden="true" />
              {warning}
            </li>
          ))}
        </ul>
      )}
      {result.suggestions.length > 0 && (
        <ul className="space-y-1.5 border-t pt-4" aria-label="Suggestions">
          {result.suggestions.map((suggestion) => (
            <li key={suggestion} className="flex items-start gap-2 text-xs text-muted-foreground">
              <LightbulbIcon className="mt-px size-3.5 shrink-0 text-primary" aria-hidden="true" />
              {suggestion}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
