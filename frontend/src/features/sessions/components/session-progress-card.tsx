import { ActivityIcon } from "lucide-react";
import { Card } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import type { SessionProgress } from "@/lib/api-types";
import { ReportedUsage } from "@/components/usage/reported-usage";
import type { Usage } from "@/components/usage/types";
import { overallProgressLabel, questionLabel, stepLabel, tokensLabel } from "../utils/progress";

export interface SessionProgressCardProps {
  progress: SessionProgress;
  questions: readonly string[];
  tokensUsed: number;
  /** What the provider reported so far, shown beside the product's estimate. */
  usage?: Usage;
  /** An interview counts topics and follow-ups, not a group's rounds. */
  kind?: "group" | "interview";
}

export function SessionProgressCard({
  progress,
  questions,
  tokensUsed,
  usage,
  kind = "group",
}: SessionProgressCardProps) {
  const current = questions[Math.min(Math.max(progress.questionIndex, 0), questions.length - 1)];
  return (
    <Card
      role="region"
      aria-labelledby="progress-heading"
      className="gap-5 p-5"
      data-testid="progress-card"
    >
      <div className="flex items-center gap-2">
        <ActivityIcon className="size-4 text-primary" aria-hidden="true" />
        <h2 id="progress-heading" className="font-semibold">
          Progress
        </h2>
      </div>

      <div className="space-y-2">
        <div className="flex items-baseline justify-between gap-2 text-sm">
          <span className="text-muted-foreground">Overall Progress</span>
          <span className="font-medium tabular-nums" data-testid="overall-progress">
            {overallProgressLabel(progress)}
          </span>
        </div>
        <Progress label="Overall Progress" value={progress.responses} max={progress.total} />
      </div>

      <div className="space-y-3 text-sm">
        <div className="space-y-1">
          <div className="flex items-baseline justify-between gap-2">
            <span className="text-muted-foreground">
              {kind === "interview" ? "Topic" : "Question"}
            </span>
            <span className="font-medium tabular-nums" data-testid="question-progress">
              {questionLabel(progress.questionIndex, questions.length)}
            </span>
          </div>
          {current && <p className="line-clamp-2 text-xs text-muted-foreground">{current}</p>}
        </div>
        <div
          className="rounded-md bg-secondary px-3 py-2 text-xs font-medium"
          data-testid="round-progress"
        >
          {stepLabel(progress, kind)}
        </div>
        <div className="flex items-baseline justify-between gap-2">
          <span className="text-muted-foreground">
            Tokens Used <span className="text-xs">(estimate)</span>
          </span>
          <span className="font-medium tabular-nums" data-testid="tokens-used">
            {tokensLabel(tokensUsed)}
          </span>
        </div>
        {usage && <ReportedUsage usage={usage} />}
      </div>
    </Card>
  );
}
