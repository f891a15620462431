import {
  DemographicsLine,
  DiversityNotes,
  TraitDiversityMeters,
} from "@/components/diversity-summary";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { DiversityAnalysis } from "@/lib/api-types";
import { cn } from "@/utils/cn";

/** product-rules §9 colours: 70+ Excellent, 40-69 Moderate, under 40 Low. */
const LABEL_STYLES: Record<string, string> = {
  Excellent: "bg-emerald-100 text-emerald-800",
  Moderate: "bg-amber-100 text-amber-800",
  Low: "bg-rose-100 text-rose-800",
};

export function DiversityCard({ diversity }: { diversity: DiversityAnalysis }) {
  return (
    <Card data-testid="diversity">
      <CardHeader>
        <CardTitle>Group Diversity Analysis</CardTitle>
        <CardDescription>
          How varied the panel's personalities and demographics are.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        <div className="flex items-center gap-4">
          <p
            className="text-4xl font-bold tracking-tight tabular-nums"
            data-testid="diversity-score"
          >
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
        <DemographicsLine demographics={diversity.demographicDiversity} className="text-sm" />
        <TraitDiversityMeters
          traitDiversity={diversity.traitDiversity}
          barClassName={(value) => (value < 20 ? "bg-amber-500" : "bg-primary/80")}
        />
        <DiversityNotes warnings={diversity.warnings} suggestions={diversity.suggestions} />
      </CardContent>
    </Card>
  );
}
