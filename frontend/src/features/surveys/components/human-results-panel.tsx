import { Trash2Icon, UsersIcon } from "lucide-react";
import { lazy, Suspense, useId, useState } from "react";
import { QueryError } from "@/components/query-error";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { ApiError, errorMessage } from "@/lib/api-client";
import {
  differenceWords,
  raterName,
  useDeleteHumanResults,
  useHumanResults,
  useUploadHumanResults,
  verdictWords,
  type HumanCell,
} from "../api/human-results";
import type { Survey } from "../api/surveys";
import { fmt, interval } from "../utils/format";

const PmfChart = lazy(() => import("./pmf-chart"));

type Question = Survey["questions"][number];

function CellComparison({
  cell,
  title,
  anchors,
}: {
  cell: HumanCell;
  title: string;
  anchors: string[];
}) {
  const sim = cell.scores.find((s) => s.rater === "simulated");
  const rows = [
    { label: "People", pmf: cell.human.pmf },
    ...(sim ? [{ label: "Simulated", pmf: sim.pmf }] : []),
  ];
  return (
    <section
      className="grid gap-3 border-t pt-4"
      data-testid={`people-${cell.conceptId}-${cell.questionId}`}
      aria-label={title}
    >
      <h3 className="text-sm font-semibold">{title}</h3>
      <Suspense fallback={<div className="h-20 animate-pulse rounded bg-muted" />}>
        <PmfChart rows={rows} anchors={anchors} />
      </Suspense>
      <p className="text-sm" data-testid="people-verdict">
        {cell.human.n} people, mean {fmt(cell.human.mean)}. {verdictWords(cell)}
        {sim && (
          <>
            {" "}
            Simulated respondents ({sim.n}) are {differenceWords(sim)}.
          </>
        )}
      </p>
      <div className="relative overflow-x-auto">
        <table className="w-full text-sm" aria-label={`Against people: ${title}`}>
          <thead>
            <tr className="border-b text-left">
              <th scope="col" className="py-1.5 font-medium">
                Rater
              </th>
              <th scope="col" className="py-1.5 font-medium">
                KS similarity
              </th>
              <th scope="col" className="py-1.5 font-medium">
                Mean
              </th>
              <th scope="col" className="py-1.5 font-medium">
                Difference from people (95% CI)
              </th>
            </tr>
          </thead>
          <tbody className="tabular-nums">
            {cell.scores.map((s) => (
              <tr
                key={s.rater}
                className={
                  s.rater === "simulated"
                    ? "border-b font-medium"
                    : "border-b text-muted-foreground last:border-0"
                }
              >
                <th scope="row" className="py-1.5 text-left font-normal">
                  {raterName(s)}
                </th>
                <td data-testid={`ks-${s.rater}`}>{fmt(s.ksSimilarity)}</td>
                <td>{fmt(s.mean)}</td>
                <td>
                  {s.meanDifference > 0 ? "+" : ""}
                  {fmt(s.meanDifference)} {interval(s.ci)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** "Measured against people" on the survey screen: upload people's own ratings of this
 * survey and see, per concept and question, their distribution beside the simulated one
 * with KS similarity, the mean difference and two trivial floors. */
export function HumanResultsPanel({
  survey,
  answered,
  anchorsOf,
}: {
  survey: Survey;
  answered: number;
  anchorsOf: (question: Question) => string[];
}) {
  const fileId = useId();
  const results = useHumanResults(survey.id, answered);
  const upload = useUploadHumanResults(survey.id);
  const remove = useDeleteHumanResults(survey.id);
  const [file, setFile] = useState<File | null>(null);
  const concepts = new Map(survey.concepts.map((c) => [c.id, c.title]));
  const questions = new Map(survey.questions.map((q) => [q.id, q]));
  const data = results.data;
  const problems =
    upload.error instanceof ApiError && upload.error.errors.length > 0 ? upload.error.errors : null;
  return (
    <Card data-testid="human-results">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <UsersIcon className="size-5 text-muted-foreground" aria-hidden="true" /> Measured against
          people
        </CardTitle>
        <CardDescription>
          Upload real people&apos;s ratings of these concepts (CSV with the columns{" "}
          <code>concept</code>, <code>question</code>, <code>rating</code> and optionally{" "}
          <code>respondent</code>; a concept by its title or number, a question by its text or
          number, ratings on the question&apos;s scale). Colloquy puts their distribution beside the
          simulated one and scores both against two trivial floors: answering at random, and always
          giving the people&apos;s most common answer. A simulation worth trusting beats both.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (file) upload.mutate(file);
          }}
        >
          <div className="space-y-1">
            <Label htmlFor={fileId}>People&apos;s ratings (CSV)</Label>
            <input
              id={fileId}
              type="file"
              accept=".csv,text/csv"
              className="block text-sm"
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                upload.reset();
              }}
            />
          </div>
          <Button type="submit" disabled={!file || upload.isPending}>
            {upload.isPending ? "Uploading…" : data?.rows ? "Replace people's ratings" : "Upload"}
          </Button>
        </form>
        {upload.isError && (
          <div role="alert" className="text-sm text-destructive">
            {problems ? (
              <>
                <p>The file was not saved{data?.rows ? "; the earlier ratings are kept" : ""}.</p>
                <ul className="list-disc pl-5">
                  {problems.map((p) => (
                    <li key={p}>{p}</li>
                  ))}
                </ul>
              </>
            ) : (
              <p>
                {errorMessage(upload.error, "Could not upload the ratings")}
                {data?.rows ? " The earlier ratings are kept." : ""}
              </p>
            )}
          </div>
        )}
        {results.isPending && (
          <div
            className="h-16 animate-pulse rounded bg-muted"
            aria-busy="true"
            aria-label="Loading people's ratings"
          />
        )}
        {results.isError && (
          <QueryError
            title="Could not load people's ratings"
            error={results.error}
            onRetry={() => void results.refetch()}
          />
        )}
        {data && data.rows === 0 && (
          <p className="text-sm text-muted-foreground">No people&apos;s ratings uploaded yet.</p>
        )}
        {data && data.rows > 0 && (
          <>
            <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <p data-testid="human-results-summary">
                {data.rows} ratings by {data.respondents} people, from {data.fileName}.
              </p>
              <Button
                variant="outline"
                size="sm"
                disabled={remove.isPending}
                onClick={() => remove.mutate()}
              >
                <Trash2Icon aria-hidden="true" /> Remove people&apos;s ratings
              </Button>
            </div>
            <p className="text-xs text-muted-foreground">
              KS similarity is 1 minus the largest gap between the two cumulative distributions: 1
              means the same distribution as the people&apos;s, 0 no overlap. The difference is the
              rater&apos;s mean minus the people&apos;s, in scale points, with a 95% bootstrap
              interval. The floors show what trivial raters score on the same people; a simulation
              that does not beat them adds nothing these ratings could not.
            </p>
            {data.cells.map((cell) => {
              const question = questions.get(cell.questionId);
              const title = `${concepts.get(cell.conceptId) ?? cell.conceptId}: ${question?.text ?? cell.questionId}`;
              const anchors = question
                ? anchorsOf(question)
                : Array.from({ length: cell.points }, (_, i) => String(i + 1));
              return (
                <CellComparison
                  key={`${cell.conceptId}-${cell.questionId}`}
                  cell={cell}
                  title={title}
                  anchors={anchors}
                />
              );
            })}
          </>
        )}
      </CardContent>
    </Card>
  );
}
