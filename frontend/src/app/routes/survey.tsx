import {
  AlertTriangleIcon,
  DownloadIcon,
  Loader2Icon,
  PlayIcon,
  RotateCwIcon,
  SquareIcon,
} from "lucide-react";
import { ShareButton } from "@/components/share/share-button";
import { lazy, Suspense, useState } from "react";
import { useParams } from "react-router";
import { toast } from "sonner";
import { PageHeader } from "@/components/page-header";
import { QueryError } from "@/components/query-error";
import { BudgetRaise } from "@/components/usage/budget-raise";
import { isBudgetStop, usageLine, usageOf } from "@/components/usage/format";
import { Badge } from "@/components/ui/badge";
import { Button, buttonVariants } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { errorMessage } from "@/lib/api-client";
import {
  exportUrl,
  useRunSurvey,
  useScales,
  useStopSurvey,
  useSurvey,
  useSurveyResults,
  type Scale,
  type Survey,
  type SurveyResults,
} from "@/features/surveys/api/surveys";
import {
  CUT_LABELS,
  fmt,
  groupBy,
  interval,
  pct,
  percentDone,
  STATUS_LABELS,
} from "@/features/surveys/utils/format";
import { HumanResultsPanel } from "@/features/surveys/components/human-results-panel";
import { SurveyByModel } from "@/features/surveys/components/survey-by-model";
import { SurveyRespondents } from "@/features/surveys/components/survey-respondents";

const PmfChart = lazy(() => import("@/features/surveys/components/pmf-chart"));

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

type Question = Survey["questions"][number];

export function anchorsOf(question: Question, scales: readonly Scale[] | undefined): string[] {
  if (typeof question.scale !== "string") return question.scale.anchors;
  const scale = scales?.find((s) => s.key === question.scale);
  return scale?.anchorSets[0] ?? Array.from({ length: question.points }, (_, i) => String(i + 1));
}

function ProgressPanel({ survey }: { survey: Survey }) {
  const run = useRunSurvey(survey.id);
  const stop = useStopSurvey(survey.id);
  const running = survey.status === "running";
  const value = percentDone(survey.progress);
  const onRun = () =>
    run.mutate(undefined, {
      onError: (e) => toast.error(errorMessage(e, "Could not start the survey")),
    });
  const onStop = () =>
    stop.mutate(undefined, {
      onError: (e) => toast.error(errorMessage(e, "Could not stop the survey")),
    });
  return (
    <Card>
      <CardContent className="grid gap-3 py-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm" aria-live="polite" data-testid="survey-progress">
            {survey.progress.done} of {survey.progress.total} answers
            {survey.progress.errors > 0 && `, ${survey.progress.errors} failed calls`}
          </p>
          <div className="flex gap-2">
            {running ? (
              <Button variant="outline" onClick={onStop} disabled={stop.isPending}>
                <SquareIcon aria-hidden="true" /> Stop
              </Button>
            ) : survey.status !== "completed" ? (
              <Button onClick={onRun} disabled={run.isPending}>
                {survey.status === "draft" ? (
                  <PlayIcon aria-hidden="true" />
                ) : (
                  <RotateCwIcon aria-hidden="true" />
                )}
                {survey.status === "draft" ? "Run survey" : "Retry"}
              </Button>
            ) : null}
          </div>
        </div>
        <Progress label="Survey progress" value={value} />
        {running && (
          <p className="flex items-center gap-2 text-xs text-muted-foreground">
            <Loader2Icon className="size-3 animate-spin" aria-hidden="true" /> Respondents are
            answering…
          </p>
        )}
        {survey.error && <p className="text-sm text-destructive">{survey.error.message}</p>}
        {!running && isBudgetStop(survey.error?.message) && (
          <BudgetRaise kind="surveys" id={survey.id} onRaised={onRun} />
        )}
        <p className="text-xs text-muted-foreground" data-testid="survey-usage">
          Reported by the model: {usageLine(usageOf(survey))}
        </p>
      </CardContent>
    </Card>
  );
}

function QuestionCard({
  survey,
  question,
  results,
  scales,
}: {
  survey: Survey;
  question: Question;
  results: SurveyResults;
  scales?: Scale[];
}) {
  const anchors = anchorsOf(question, scales);
  const cells = results.results.filter((r) => r.questionId === question.id);
  const concepts = new Map(survey.concepts.map((c) => [c.id, c.title]));
  const rows = cells.flatMap((c) => [
    { label: concepts.get(c.conceptId) ?? c.conceptId, pmf: c.ssr.pmf },
    ...(c.direct
      ? [{ label: `${concepts.get(c.conceptId) ?? c.conceptId} (direct)`, pmf: c.direct.pmf }]
      : []),
  ]);
  const comparisons = results.comparisons.filter((c) => c.questionId === question.id);
  return (
    <Card data-testid={`question-results-${question.id}`}>
      <CardHeader>
        <CardTitle>{question.text}</CardTitle>
        <CardDescription>
          {question.scaleLabel}, {question.points} points: 1 = “{anchors[0]}” … {question.points} =
          “{anchors[anchors.length - 1]}”
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <Suspense fallback={<div className="h-24 animate-pulse rounded bg-muted" />}>
          <PmfChart rows={rows} anchors={anchors} />
        </Suspense>
        <div className="relative overflow-x-auto">
          <table className="w-full text-sm" aria-label={`Summary: ${question.text}`}>
            <thead>
              <tr className="border-b text-left">
                <th scope="col" className="py-1.5 font-medium">
                  Concept
                </th>
                <th scope="col" className="py-1.5 font-medium">
                  n
                </th>
                <th scope="col" className="py-1.5 font-medium">
                  Mean (95% CI)
                </th>
                <th scope="col" className="py-1.5 font-medium">
                  Top-2 box (95% CI)
                </th>
                {survey.askDirect && (
                  <th scope="col" className="py-1.5 font-medium">
                    Direct rating (95% CI)
                  </th>
                )}
              </tr>
            </thead>
            <tbody className="tabular-nums">
              {cells.map((c) => (
                <tr key={c.conceptId} className="border-b last:border-0">
                  <th scope="row" className="py-1.5 text-left font-normal">
                    {concepts.get(c.conceptId)}
                  </th>
                  <td>{c.n}</td>
                  <td data-testid={`mean-${c.conceptId}-${question.id}`}>
                    {fmt(c.ssr.mean)} {interval(c.ssr.ci)}
                  </td>
                  <td>
                    {pct(c.ssr.top2)} [{pct(c.ssr.top2Ci[0])}, {pct(c.ssr.top2Ci[1])}]
                  </td>
                  {survey.askDirect && (
                    <td>{c.direct ? `${fmt(c.direct.mean)} ${interval(c.direct.ci)}` : "–"}</td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {comparisons.length > 0 && (
          <table className="w-full text-sm" aria-label={`Concept comparison: ${question.text}`}>
            <thead>
              <tr className="border-b text-left">
                <th scope="col" className="py-1.5 font-medium">
                  Comparison
                </th>
                <th scope="col" className="py-1.5 font-medium">
                  Difference of means (95% CI)
                </th>
                <th scope="col" className="py-1.5 font-medium">
                  Holds?
                </th>
              </tr>
            </thead>
            <tbody className="tabular-nums">
              {comparisons.map((c) => (
                <tr key={`${c.conceptA}-${c.conceptB}`} className="border-b last:border-0">
                  <th scope="row" className="py-1.5 text-left font-normal">
                    {concepts.get(c.conceptA)} − {concepts.get(c.conceptB)}
                  </th>
                  <td>
                    {fmt(c.difference)} {interval(c.ci)}
                  </td>
                  <td>{c.holds ? "Yes: the interval excludes 0" : "No: could be chance"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <Cuts survey={survey} question={question} results={results} />
        <Answers survey={survey} question={question} results={results} />
      </CardContent>
    </Card>
  );
}

function Cuts({
  survey,
  question,
  results,
}: {
  survey: Survey;
  question: Question;
  results: SurveyResults;
}) {
  const [dimension, setDimension] = useState("age");
  const cuts = results.cuts.filter(
    (c) => c.questionId === question.id && c.dimension === dimension,
  );
  const groups = groupBy(cuts, (c) => c.group);
  return (
    <details>
      <summary className="cursor-pointer text-sm font-medium">Cuts by respondent group</summary>
      <div className="mt-2 grid gap-2">
        <label className="flex items-center gap-2 text-sm">
          Cut by
          <select
            className="h-8 rounded-md border border-input bg-card px-2 text-sm"
            value={dimension}
            onChange={(e) => setDimension(e.target.value)}
          >
            {Object.entries(CUT_LABELS).map(([k, label]) => (
              <option key={k} value={k}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <table
          className="w-full text-sm"
          aria-label={`Cuts by ${CUT_LABELS[dimension]}: ${question.text}`}
        >
          <thead>
            <tr className="border-b text-left">
              <th scope="col" className="py-1.5 font-medium">
                Group
              </th>
              {survey.concepts.map((c) => (
                <th key={c.id} scope="col" className="py-1.5 font-medium">
                  {c.title}: mean (n)
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="tabular-nums">
            {groups.map(([group, items]) => (
              <tr key={group} className="border-b last:border-0">
                <th scope="row" className="py-1.5 text-left font-normal">
                  {group}
                </th>
                {survey.concepts.map((c) => {
                  const cut = items.find((i) => i.conceptId === c.id);
                  return (
                    <td key={c.id}>
                      {cut ? `${fmt(cut.mean)} ${interval(cut.ci)} (${cut.n})` : "–"}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

function Answers({
  survey,
  question,
  results,
}: {
  survey: Survey;
  question: Question;
  results: SurveyResults;
}) {
  const answers = results.answers.filter((a) => a.questionId === question.id);
  return (
    <details>
      <summary className="cursor-pointer text-sm font-medium">
        Free-text answers ({answers.length})
      </summary>
      {survey.concepts.map((c) => (
        <div key={c.id} className="mt-2">
          <h4 className="text-sm font-semibold">{c.title}</h4>
          <ul className="grid gap-1 text-sm">
            {answers
              .filter((a) => a.conceptId === c.id)
              .map((a) => (
                <li key={`${a.respondentId}-${a.sample}`} className="flex gap-2">
                  <span
                    className="w-14 shrink-0 tabular-nums text-muted-foreground"
                    title="Expected value from SSR"
                  >
                    {fmt(a.expected, 1)}
                    {a.direct != null && ` / ${a.direct}`}
                  </span>
                  <span>
                    <span className="font-medium">{a.respondentName}:</span> {a.text}
                  </span>
                </li>
              ))}
          </ul>
        </div>
      ))}
    </details>
  );
}

/** /surveys/:id: progress while running, then the distributions, intervals, comparisons,
 * cuts and answers. */
export function SurveyPage() {
  const { id = "" } = useParams();
  const survey = useSurvey(id);
  const scales = useScales();
  const done = survey.data?.progress.done ?? 0;
  const results = useSurveyResults(
    id,
    survey.data?.status === "running" ? Math.floor(done / 25) * 25 : done,
  );
  if (survey.isPending)
    return (
      <div
        className="h-40 animate-pulse rounded-xl bg-muted"
        aria-busy="true"
        aria-label="Loading survey"
      />
    );
  if (survey.isError)
    return (
      <QueryError
        title="Could not load the survey"
        error={survey.error}
        onRetry={() => void survey.refetch()}
        retrying={survey.isFetching}
      />
    );
  const s = survey.data;
  return (
    <>
      <PageHeader
        title={s.name}
        description={
          <>
            <Badge variant={s.status === "completed" ? "default" : "secondary"}>
              {STATUS_LABELS[s.status] ?? s.status}
            </Badge>{" "}
            {plural(s.respondentCount, "respondent")} × {plural(s.conceptCount, "concept")} ×{" "}
            {plural(s.questionCount, "question")} × {plural(s.samples, "sample")}
          </>
        }
        actions={
          done > 0 && (
            <>
              <ShareButton kind="survey" id={s.id} name={s.name} />
              <a
                href={exportUrl(s.id, "csv")}
                className={buttonVariants({ variant: "outline" })}
                download
              >
                <DownloadIcon aria-hidden="true" /> CSV
              </a>
              <a
                href={exportUrl(s.id, "json")}
                className={buttonVariants({ variant: "outline" })}
                download
              >
                <DownloadIcon aria-hidden="true" /> JSON
              </a>
            </>
          )
        }
      />
      <div className="grid gap-5">
        <ProgressPanel survey={s} />
        {results.data && (
          <>
            <p className="text-sm text-muted-foreground" data-testid="survey-embedder">
              Simulated respondents (model: {results.data.model || "unknown"}). Answers rated by
              semantic similarity with {results.data.embedder}.{" "}
              <span data-testid="survey-evidence-mix">{s.evidenceMix}.</span>
            </p>
            {results.data.offlineEmbedderWarning && (
              <div
                role="note"
                className="flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
              >
                <AlertTriangleIcon className="size-4 shrink-0" aria-hidden="true" />
                {results.data.offlineEmbedderWarning}
              </div>
            )}
            {s.questions.map((q) => (
              <QuestionCard
                key={q.id}
                survey={s}
                question={q}
                results={results.data}
                scales={scales.data}
              />
            ))}
            <SurveyByModel survey={s} results={results.data} />
          </>
        )}
        {results.isError && (
          <QueryError
            title="Could not load results"
            error={results.error}
            onRetry={() => void results.refetch()}
          />
        )}
        <SurveyRespondents respondents={s.respondents} />
        <HumanResultsPanel
          survey={s}
          answered={results.data ? results.data.answers.length : 0}
          anchorsOf={(q) => anchorsOf(q, scales.data)}
        />
      </div>
    </>
  );
}
