import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { paths } from "@/config/paths";
import type { Study, StudyInterview } from "@/lib/api-types";

const STATE_LABELS: Record<StudyInterview["state"], string> = {
  done: "Completed",
  running: "Running",
  waiting: "Waiting",
  stopped: "Stopped",
  failed: "Failed",
  missing: "Deleted",
};

const STATE_VARIANTS: Record<
  StudyInterview["state"],
  "default" | "secondary" | "destructive" | "outline"
> = {
  done: "default",
  running: "secondary",
  waiting: "outline",
  stopped: "outline",
  failed: "destructive",
  missing: "outline",
};

/** What the counts say in one line: "2 of 3 interviews completed · 1 running". */
export function interviewsLine(study: Study): string {
  const n = study.progress.interviews;
  const parts = [`${n.done} of ${n.total} interviews completed`];
  if (n.running) parts.push(`${n.running} running`);
  if (n.waiting) parts.push(`${n.waiting} waiting`);
  if (n.failed) parts.push(`${n.failed} failed`);
  if (n.stopped) parts.push(`${n.stopped} stopped`);
  return parts.join(" · ");
}

/** The study's one progress view: the overall bar, then a row per interview with its state,
 * its answers and a link to its transcript. */
export function StudyProgress({ study }: { study: Study }) {
  const answers = study.progress.answers;
  return (
    <Card className="gap-4 p-5" role="region" aria-labelledby="study-progress">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="study-progress" className="text-lg font-semibold">
          Interviews
        </h2>
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {interviewsLine(study)} · {answers.done} of {answers.total} answers
        </p>
      </div>
      <Progress label="Study progress" value={answers.done} max={Math.max(answers.total, 1)} />
      <ul className="divide-y" aria-label="Interviews of the study">
        {study.interviews.map((row) => (
          <li
            key={row.sessionId}
            className="flex flex-wrap items-center justify-between gap-2 py-2"
            data-testid="study-interview"
          >
            <div className="flex min-w-0 items-center gap-2">
              <Badge variant={STATE_VARIANTS[row.state]}>{STATE_LABELS[row.state]}</Badge>
              <span className="truncate font-medium">{row.personaName || row.personaId}</span>
            </div>
            <div className="flex items-center gap-3 text-sm text-muted-foreground">
              <span>
                {row.answers} of {row.plannedAnswers} answers
              </span>
              {row.state !== "missing" && (
                <Link
                  aria-label={`Transcript of ${row.personaName || row.personaId}`}
                  className="text-primary underline-offset-4 hover:underline"
                  to={
                    row.state === "done"
                      ? paths.sessionResults.getHref(row.sessionId)
                      : paths.session.getHref(row.sessionId)
                  }
                >
                  Transcript
                </Link>
              )}
            </div>
            {row.error && row.state === "failed" && (
              <p className="w-full text-sm text-destructive">{row.error}</p>
            )}
          </li>
        ))}
      </ul>
    </Card>
  );
}
