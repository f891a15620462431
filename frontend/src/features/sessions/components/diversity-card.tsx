import { SparklesIcon } from "lucide-react";
import {
  DemographicsLine,
  DiversityNotes,
  TraitDiversityMeters,
} from "@/components/diversity-summary";
import { Card } from "@/components/ui/card";
import type { DiversityLabel } from "@/lib/api-types";
import { cn } from "@/utils/cn";
import { diversityLabel, type DiversityResult } from "../utils/diversity";

const LABEL_STYLES: Record<DiversityLabel, { text: string; bar: string; chip: string }> = {
  Excellent: {
    text: "text-emerald-600",
    bar: "bg-emerald-500",
    chip: "bg-emerald-50 text-emerald-700",
  },
  Moderate: { text: "text-amber-600", bar: "bg-amber-500", chip: "bg-amber-50 text-amber-700" },
  Low: { text: "text-rose-600", bar: "bg-rose-500", chip: "bg-rose-50 text-rose-700" },
};

/** Group Diversity Score of the selected personas (shown from 2 personas on). */
export function DiversityCard({ result }: { result: DiversityResult }) {
  const label = diversityLabel(result.overallScore);
  const style = LABEL_STYLES[label];
  return (
    <Card
      role="region"
      aria-labelledby="diversity-heading"
      className="gap-5 p-5"
      data-testid="diversity-card"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="flex items-center gap-2">
          <SparklesIcon className="size-4 text-primary" aria-hidden="true" />
          <h2 id="diversity-heading" className="font-semibold">
            Diversity Score
          </h2>
        </div>
        <span
          className={cn("rounded-full px-2.5 py-0.5 text-xs font-medium", style.chip)}
          data-testid="diversity-label"
        >
          {label}
        </span>
      </div>

      <div className="flex items-end gap-1.5">
        <span
          className={cn("text-4xl font-semibold tabular-nums", style.text)}
          data-testid="diversity-score"
        >
          {result.overallScore}
        </span>
        <span className="pb-1 text-sm text-muted-foreground">/ 100</span>
      </div>

      <TraitDiversityMeters traitDiversity={result.traitDiversity} barClassName={() => style.bar} />
      <DemographicsLine demographics={result.demographicDiversity} className="text-xs" />
      <DiversityNotes
        warnings={result.warnings}
        suggestions={result.suggestions}
        variant="compact"
      />
    </Card>
  );
}
