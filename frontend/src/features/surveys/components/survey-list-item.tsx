import { Trash2Icon } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { paths } from "@/config/paths";
import type { SurveySummary } from "../api/surveys";
import { percentDone, STATUS_LABELS } from "../utils/format";

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** One survey of the Surveys screen: its name (a link to it), its size, progress and
 * status, and Delete. */
export function SurveyListItem({
  survey: s,
  onDelete,
  deleting = false,
}: {
  survey: SurveySummary;
  onDelete: (survey: SurveySummary) => void;
  deleting?: boolean;
}) {
  return (
    <Card data-testid="survey-row">
      <CardContent className="flex flex-wrap items-center justify-between gap-3 py-4">
        <div className="min-w-0 space-y-1">
          <Link
            to={paths.survey.getHref(s.id)}
            className="font-medium break-words underline-offset-4 hover:underline"
          >
            {s.name}
          </Link>
          <p className="text-sm text-muted-foreground">
            {plural(s.conceptCount, "concept")} · {plural(s.questionCount, "question")} ·{" "}
            {s.respondentCount} respondents · {plural(s.samples, "sample")} each
          </p>
        </div>
        <div className="flex items-center gap-3">
          <span className="text-sm tabular-nums text-muted-foreground">
            {s.progress.done}/{s.progress.total} answers ({percentDone(s.progress)}%)
          </span>
          <Badge variant={s.status === "completed" ? "default" : "secondary"}>
            {STATUS_LABELS[s.status] ?? s.status}
          </Badge>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Delete ${s.name}`}
            disabled={deleting}
            onClick={() => onDelete(s)}
          >
            <Trash2Icon aria-hidden="true" />
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
