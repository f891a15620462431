import { ArrowLeftIcon, DownloadIcon, SquareIcon } from "lucide-react";
import { Link, useParams } from "react-router";
import { toast } from "sonner";
import { paths } from "@/config/paths";
import { PageHeader } from "@/components/page-header";
import { QueryError } from "@/components/query-error";
import { Button, buttonVariants } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api-client";
import {
  studyExportUrl,
  useStopStudy,
  useStudy,
  useSynthesiseStudy,
  type StudyExport,
} from "@/features/studies/api/studies";
import { useSynthesis } from "@/features/studies/api/synthesis";
import { StudyProgress } from "@/features/studies/components/study-progress";
import { SynthesisView } from "@/features/studies/components/synthesis-view";

const EXPORTS: { format: StudyExport; label: string }[] = [
  { format: "md", label: "Markdown" },
  { format: "pdf", label: "PDF" },
  { format: "csv", label: "Quotes CSV" },
];

function StudySynthesis({ studyId, synthesisId }: { studyId: string; synthesisId: string }) {
  const synthesis = useSynthesis(synthesisId, null);
  const data = synthesis.data;
  if (synthesis.isPending) return <Skeleton className="h-64" aria-label="Loading synthesis" />;
  if (synthesis.isError)
    return (
      <QueryError
        title="Could not load the synthesis"
        error={synthesis.error}
        onRetry={() => void synthesis.refetch()}
        retrying={synthesis.isFetching}
      />
    );
  if (data?.status === "running")
    return (
      <Card className="gap-3 p-5" aria-busy="true">
        <p>
          Synthesising the interviews: {data.progress.done} of {data.progress.total} steps done.
        </p>
        <Progress label="Synthesis progress" value={data.progress.done} max={data.progress.total} />
      </Card>
    );
  if (data?.status === "failed")
    return (
      <Card className="p-5" role="alert">
        The synthesis failed: {data.error}
      </Card>
    );
  if (!data) return null;
  return (
    <section className="flex flex-col gap-4" aria-labelledby="study-synthesis">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="study-synthesis" className="text-xl font-semibold">
          Synthesis
        </h2>
        <div className="flex flex-wrap gap-2">
          {EXPORTS.map((e) => (
            <a
              key={e.format}
              href={studyExportUrl(studyId, e.format)}
              download
              className={buttonVariants({ variant: "outline" })}
            >
              <DownloadIcon aria-hidden="true" />
              {e.label}
            </a>
          ))}
          <Link
            to={paths.synthesis.getHref(synthesisId)}
            className={buttonVariants({ variant: "outline" })}
          >
            Segments
          </Link>
        </div>
      </div>
      <SynthesisView synthesis={data} />
    </section>
  );
}

/** /studies/{id}: the interviews' progress (Stop while they run), then the synthesis. */
export function StudyPage() {
  const { id = "" } = useParams();
  const study = useStudy(id);
  const stop = useStopStudy(id);
  const synthesise = useSynthesiseStudy(id);
  const data = study.data;
  return (
    <>
      <PageHeader
        title={data?.name ?? "Study"}
        description="One interview guide with many personas. Simulated respondents are written by an AI model."
        actions={
          <div className="flex flex-wrap gap-2">
            {data?.status === "running" && (
              <Button
                variant="destructive"
                disabled={stop.isPending}
                onClick={() =>
                  stop.mutate(undefined, {
                    onError: (e) => toast.error(errorMessage(e, "Could not stop the study")),
                  })
                }
              >
                <SquareIcon aria-hidden="true" />
                Stop
              </Button>
            )}
            <Link to={paths.studies.getHref()} className={buttonVariants({ variant: "outline" })}>
              <ArrowLeftIcon aria-hidden="true" />
              All studies
            </Link>
          </div>
        }
      />
      {study.isPending ? (
        <Skeleton className="h-96" aria-label="Loading study" />
      ) : study.isError ? (
        <QueryError
          title="Could not load the study"
          error={study.error}
          onRetry={() => void study.refetch()}
          retrying={study.isFetching}
        />
      ) : data ? (
        <div className="flex flex-col gap-5">
          <p className="text-sm text-muted-foreground" data-testid="study-status">
            Status: {data.status}
            {data.error ? ` · ${data.error}` : ""}
          </p>
          <StudyProgress study={data} />
          {data.synthesisId ? (
            <StudySynthesis studyId={data.id} synthesisId={data.synthesisId} />
          ) : data.status !== "running" && data.progress.interviews.done > 0 ? (
            <Card className="flex flex-row flex-wrap items-center justify-between gap-3 p-5">
              <p>
                {data.status === "completed"
                  ? "Starting the synthesis..."
                  : "Not every interview completed. Synthesise the completed ones?"}
              </p>
              {data.status !== "completed" && (
                <Button
                  disabled={synthesise.isPending}
                  onClick={() =>
                    synthesise.mutate(undefined, {
                      onError: (e) => toast.error(errorMessage(e, "Could not start the synthesis")),
                    })
                  }
                >
                  Synthesise {data.progress.interviews.done} interviews
                </Button>
              )}
            </Card>
          ) : null}
        </div>
      ) : null}
    </>
  );
}
