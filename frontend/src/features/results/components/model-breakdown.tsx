import { CpuIcon, ColumnsIcon } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { buttonVariants } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import type { SessionHeader } from "@/lib/api-types";
import { OVERALL_CLASSES, OVERALL_LABELS } from "@/utils/session-health";
import { useModelAnalytics, useModelHealth } from "../api/by-model";
import { modelNames } from "../utils/models";

/** The URL of the comparison of a session's models side by side. */
export function compareModelsPath(sessionId: string): string {
  return `/compare?ids=${encodeURIComponent(sessionId)}&byModel=1`;
}

/**
 * A mixed panel's results per model: answers, participants, sentiment and health
 * of each model's answers, and a comparison of the models side by side. Hidden when one
 * model wrote every answer.
 */
export function ModelBreakdown({ session }: { session: SessionHeader }) {
  const models = modelNames(session.answerModels);
  if (models.length < 2) return null;
  const completed = session.status === "completed";
  return (
    <Card className="mt-6" data-testid="model-breakdown">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CpuIcon className="size-4 text-primary" aria-hidden="true" />
          By model
        </CardTitle>
        <CardDescription>
          This panel mixed {models.length} models. Each row reads only the answers that model wrote.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <table className="w-full text-sm">
          <thead>
            <tr className="text-left text-xs text-muted-foreground">
              <th scope="col" className="py-1 font-medium">
                Model
              </th>
              <th scope="col" className="py-1 font-medium">
                Answers
              </th>
              <th scope="col" className="py-1 font-medium">
                Participants
              </th>
              <th scope="col" className="py-1 font-medium">
                Average sentiment
              </th>
              <th scope="col" className="py-1 font-medium">
                Health
              </th>
            </tr>
          </thead>
          <tbody>
            {models.map((m) => (
              <ModelRow key={m} sessionId={session.id} model={m} completed={completed} />
            ))}
          </tbody>
        </table>
        {completed && (
          <Link
            to={compareModelsPath(session.id)}
            className={buttonVariants({ variant: "outline", size: "sm" })}
          >
            <ColumnsIcon aria-hidden="true" />
            Compare the models side by side
          </Link>
        )}
      </CardContent>
    </Card>
  );
}

function ModelRow({
  sessionId,
  model,
  completed,
}: {
  sessionId: string;
  model: string;
  completed: boolean;
}) {
  const analytics = useModelAnalytics(sessionId, model);
  const health = useModelHealth(sessionId, model, completed);
  const cell = "py-1.5 pr-3";
  return (
    <tr data-testid="model-row" data-model={model} className="border-t">
      <th scope="row" className={`${cell} text-left font-medium break-all`}>
        {model}
      </th>
      {analytics.isPending ? (
        <td colSpan={3} className={cell}>
          <Skeleton className="h-4 w-32" />
        </td>
      ) : analytics.isError ? (
        <td colSpan={3} className={`${cell} text-destructive`}>
          Could not load
        </td>
      ) : (
        <>
          <td className={`${cell} tabular-nums`}>{analytics.data.responseCount}</td>
          <td className={`${cell} tabular-nums`}>
            {analytics.data.participation.filter((p) => p.personaId).length}
          </td>
          <td className={`${cell} tabular-nums`}>{analytics.data.averageSentiment.toFixed(2)}</td>
        </>
      )}
      <td className={cell}>
        {!completed ? (
          <span className="text-muted-foreground">After completion</span>
        ) : health.isPending ? (
          <Skeleton className="h-4 w-16" />
        ) : health.isError ? (
          <span className="text-destructive">Not measured</span>
        ) : (
          <Badge className={OVERALL_CLASSES[health.data.overall]}>
            {OVERALL_LABELS[health.data.overall]}
          </Badge>
        )}
      </td>
    </tr>
  );
}
