import { ArrowLeftIcon, DownloadIcon } from "lucide-react";
import { Link, useParams, useSearchParams } from "react-router";
import { PageHeader } from "@/components/page-header";
import { QueryError } from "@/components/query-error";
import { buttonVariants } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { Skeleton } from "@/components/ui/skeleton";
import { paths } from "@/config/paths";
import {
  synthesisExportUrl,
  useSynthesis,
  type SynthesisExport,
} from "@/features/studies/api/synthesis";
import { SEGMENT_OPTIONS, SynthesisView } from "@/features/studies/components/synthesis-view";

const EXPORTS: { format: SynthesisExport; label: string }[] = [
  { format: "md", label: "Markdown" },
  { format: "pdf", label: "PDF" },
  { format: "csv", label: "Quotes CSV" },
];

/** Synthesis across sessions (docs/synthesis.md): /syntheses/{id}?segmentBy=... */
export function SynthesisPage() {
  const { id = "" } = useParams();
  const [params, setParams] = useSearchParams();
  const segmentBy = params.get("segmentBy");
  const synthesis = useSynthesis(id, segmentBy);
  const setSegment = (value: string) =>
    setParams(value ? { segmentBy: value } : {}, { replace: true });
  const data = synthesis.data;
  return (
    <>
      <PageHeader
        title="Synthesis"
        description="Themes across the chosen sessions, with the respondents and verbatim quotes behind them. Simulated respondents are written by an AI model."
        actions={
          <Link to={paths.dashboard.getHref()} className={buttonVariants({ variant: "outline" })}>
            <ArrowLeftIcon aria-hidden="true" />
            Back to Dashboard
          </Link>
        }
      />
      {synthesis.isPending ? (
        <Skeleton className="h-96" aria-label="Loading synthesis" />
      ) : synthesis.isError ? (
        <QueryError
          title="Could not load the synthesis"
          error={synthesis.error}
          onRetry={() => void synthesis.refetch()}
          retrying={synthesis.isFetching}
        />
      ) : data?.status === "running" ? (
        <Card className="gap-3 p-5" aria-busy="true">
          <p>
            Reading the answers: {data.progress.done} of {data.progress.total} steps done.
          </p>
          <Progress
            label="Synthesis progress"
            value={data.progress.done}
            max={data.progress.total}
          />
        </Card>
      ) : data?.status === "failed" ? (
        <Card className="p-5" role="alert">
          The synthesis failed: {data.error}
        </Card>
      ) : data ? (
        <div className="flex flex-col gap-5">
          <div className="flex flex-wrap items-center gap-2">
            <select
              aria-label="Segment by"
              className="h-9 rounded-md border border-input bg-card px-2 text-sm sm:w-64"
              value={segmentBy ?? ""}
              onChange={(e) => setSegment(e.target.value)}
            >
              {SEGMENT_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
            {EXPORTS.map((e) => (
              <a
                key={e.format}
                href={synthesisExportUrl(data.id, e.format, segmentBy)}
                download
                className={buttonVariants({ variant: "outline" })}
              >
                <DownloadIcon aria-hidden="true" />
                {e.label}
              </a>
            ))}
          </div>
          <SynthesisView synthesis={data} />
        </div>
      ) : null}
    </>
  );
}
