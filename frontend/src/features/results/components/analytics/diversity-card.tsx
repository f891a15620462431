import { AlertTriangleIcon, LightbulbIcon } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { DiversityAnalysis } from "@/lib/api-types";
import { TRAIT_KEYS, TRAIT_LABELS } from "@/lib/traits";
import { cn } from "@/lib/utils";

/** SPEC §9 colours: 70+ Excellent, 40-69 Moderate, under 40 Low. */
const LABEL_STYLES: Record<string, string> = {
  Excellent: "bg-emerald-100 text-emerald-800",
  Moderate: "bg-amber-100 text-amber-800",
  Low: "bg-rose-100 text-rose-800",
};

function plural(n: number, word: string) {
  return `${n} ${n === 1 ? word : `${word}s`}`;
}

export function DiversityCard({ diversity }: { diversity: DiversityAnalysis }) {
  const demo = diversity.demographicDiversity;
  return (
    <Card data-testid="diversity">
      <CardHeader>
        <CardTitle>Group Diversity Analysis</CardTitle>
        <CardDescription>How varied the panel's personalities and demographics are.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        <div className="flex items-center gap-4">
          <p className="text-4xl font-bold tracking-tight tabular-nums" data-testid="diversity-score">
            {diversity.overallScore}
            <span className="text-base font-medium text-muted-foreground">/100</span>
          </p>
          <span
            className={cn(
              "rounded-full px-2.5 py-0.5 text-xs font-semibold",
              LABEL_STYLES[diversity.label] ?? "bg-secondary",
            )}
          >
            {diversity.label}
          </span>
        </div>
        <p className="text-sm text-muted-foreground">
          Ages span {plural(demo.ageRange, "year")} · {plural(demo.genderCount, "gender")} ·{" "}
          {plural(demo.locationCount, "location")} · {plural(demo.incomeRange, "income level")}
        </p>
        <dl className="space-y-2.5">
          {TRAIT_KEYS.map((key) => {
            const value = Math.min(100, Math.max(0, Math.round(diversity.traitDiversity[key] ?? 0)));
            return (
              <div key={key}>
                <div className="flex justify-between text-xs">
                  <dt className="text-muted-foreground">{TRAIT_LABELS[key]}</dt>
                  <dd className="font-medium tabular-nums">{value}%</dd>
                </div>
                <div
                  role="meter"
                  aria-label={`${TRAIT_LABELS[key]} diversity`}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={value}
                  className="mt-1 h-1.5 overflow-hidden rounded-full bg-muted"
                >
                  <div
                    className={cn("h-full rounded-full", value < 20 ? "bg-amber-500" : "bg-primary/80")}
                    style={{ width: `${value}%` }}
                  />
                </div>
              </div>
            );
          })}
        </dl>
        {diversity.warnings.length > 0 && (
          <ul className="space-y-1.5 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900" aria-label="Warnings">
            {diversity.warnings.map((w) => (
              <li key={w} className="flex gap-2">
                <AlertTriangleIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                {w}
              </li>
            ))}
          </ul>
        )}
        {diversity.suggestions.length > 0 && (
          <ul className="space-y-1.5 text-sm text-muted-foreground" aria-label="Suggestions">
            {diversity.suggestions.map((s) => (
              <li key={s} className="flex gap-2">
                <LightbulbIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                {s}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
