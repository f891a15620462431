import { ClipboardListIcon, PlusIcon, Trash2Icon } from "lucide-react";
import { Link } from "react-router";
import { toast } from "sonner";
import { paths } from "@/config/paths";
import { PageHeader } from "@/components/page-header";
import { QueryError } from "@/components/query-error";
import { Badge } from "@/components/ui/badge";
import { Button, buttonVariants } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { errorMessage } from "@/lib/api-client";
import { useDeleteSurvey, useSurveys } from "@/features/surveys/api/surveys";
import { percentDone, STATUS_LABELS } from "@/features/surveys/utils/format";
import { CalibrationPanel } from "@/features/surveys/components/calibration-panel";

/** /surveys: every survey with its status and progress. */
export function SurveysPage() {
  const surveys = useSurveys();
  const remove = useDeleteSurvey();
  const onDelete = (id: string, name: string) => {
    if (!window.confirm(`Delete the survey "${name}" and all its answers?`)) return;
    remove.mutate(id, {
      onError: (e) => toast.error(errorMessage(e, "Could not delete the survey")),
    });
  };
  return (
    <>
      <PageHeader
        title="Surveys"
        description="Quantitative concept tests: respondents answer in words, rated on a scale by semantic similarity."
        actions={
          <Link to={paths.newSurvey.getHref()} className={buttonVariants({ variant: "default" })}>
            <PlusIcon aria-hidden="true" />
            New survey
          </Link>
        }
      />
      {surveys.isPending ? (
        <div
          className="h-40 animate-pulse rounded-xl bg-muted"
          aria-busy="true"
          aria-label="Loading surveys"
        />
      ) : surveys.isError ? (
        <QueryError
          title="Could not load surveys"
          error={surveys.error}
          onRetry={() => void surveys.refetch()}
          retrying={surveys.isFetching}
        />
      ) : surveys.data.length === 0 ? (
        <Card>
          <CardContent className="flex flex-col items-center gap-3 py-12 text-center">
            <ClipboardListIcon className="size-10 text-muted-foreground" aria-hidden="true" />
            <h2 className="text-lg font-semibold">No surveys yet</h2>
            <p className="max-w-md text-sm text-muted-foreground">
              Test 1-6 concepts with up to 10 questions on personas from your library, and see how
              many would buy, with intervals.
            </p>
            <Link to={paths.newSurvey.getHref()} className={buttonVariants({ variant: "default" })}>
              Create your first survey
            </Link>
          </CardContent>
        </Card>
      ) : (
        <ul className="grid gap-3" aria-label="Surveys">
          {surveys.data.map((s) => (
            <li key={s.id}>
              <Card>
                <CardContent className="flex flex-wrap items-center justify-between gap-3 py-4">
                  <div className="space-y-1">
                    <Link
                      to={paths.survey.getHref(s.id)}
                      className="font-medium underline-offset-4 hover:underline"
                    >
                      {s.name}
                    </Link>
                    <p className="text-sm text-muted-foreground">
                      {s.conceptCount} concept{s.conceptCount === 1 ? "" : "s"} · {s.questionCount}{" "}
                      question
                      {s.questionCount === 1 ? "" : "s"} · {s.respondentCount} respondents ·{" "}
                      {s.samples} sample
                      {s.samples === 1 ? "" : "s"} each
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
                      onClick={() => onDelete(s.id, s.name)}
                    >
                      <Trash2Icon aria-hidden="true" />
                    </Button>
                  </div>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <CalibrationPanel />
    </>
  );
}
