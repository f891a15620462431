import { ArrowLeftIcon } from "lucide-react";
import { useId } from "react";
import { Link, useSearchParams } from "react-router";
import { PageHeader } from "@/components/page-header";
import { QueryError } from "@/components/query-error";
import { Badge } from "@/components/ui/badge";
import { formatDate } from "@/utils/dates";
import { buttonVariants } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { paths } from "@/config/paths";
import type { ComparedSession } from "@/lib/api-types";
import { cn } from "@/utils/cn";
import { parseIds, useComparison } from "@/features/compare/api/get-comparison";
import {
  NOT_APPLICABLE,
  PeopleSection,
  ThemeMatchSection,
} from "@/features/compare/components/people-section";

const COLORS = {
  positive: "bg-emerald-500",
  neutral: "bg-slate-400",
  negative: "bg-rose-500",
} as const;
const COLUMNS: Record<number, string> = {
  2: "lg:grid-cols-2",
  3: "lg:grid-cols-3",
  4: "lg:grid-cols-2 2xl:grid-cols-4",
};

function signed(value: number): string {
  return `${value > 0 ? "+" : ""}${value.toFixed(2)}`;
}

/** Sessions side by side (GET /api/sessions/compare?ids=...). */
export function ComparePage() {
  const [params] = useSearchParams();
  const ids = parseIds(params.get("ids"));
  const byModel = params.get("byModel") === "1"; // A column per model
  const comparison = useComparison(ids, byModel);
  return (
    <>
      <PageHeader
        title="Compare Sessions"
        description="Completed sessions side by side. Participants are simulated by an AI model, except in imported human groups and interviews."
        actions={
          <Link to={paths.dashboard.getHref()} className={buttonVariants({ variant: "outline" })}>
            <ArrowLeftIcon aria-hidden="true" />
            Back to Dashboard
          </Link>
        }
      />
      {comparison.isPending ? (
        <div className="grid gap-5 lg:grid-cols-2" aria-busy="true" aria-label="Loading comparison">
          {ids.slice(0, 4).map((id) => (
            <Skeleton key={id} className="h-96" />
          ))}
        </div>
      ) : comparison.isError ? (
        <QueryError
          title="Could not compare these sessions"
          error={comparison.error}
          onRetry={() => void comparison.refetch()}
          retrying={comparison.isFetching}
        />
      ) : (
        <div
          className={cn("grid gap-5", COLUMNS[comparison.data.sessions.length])}
          data-testid="compare-grid"
        >
          {comparison.data.sessions.map((session) => (
            <SessionColumn key={`${session.id}:${session.model}`} session={session} />
          ))}
        </div>
      )}
    </>
  );
}

function SessionColumn({ session }: { session: ComparedSession }) {
  const headingId = `compare-${session.id}-${useId().replace(/:/g, "")}`; // unique per column (one per model)
  const most = Math.max(1, ...session.participation.map((p) => p.responses));
  const interview = session.kind === "interview";
  return (
    <Card
      role="region"
      aria-labelledby={headingId}
      className="gap-5 p-5"
      data-testid="compare-column"
    >
      <div className="space-y-1">
        <h2 id={headingId} className="text-lg font-semibold">
          <Link
            to={paths.sessionResults.getHref(session.id)}
            className="hover:text-primary hover:underline"
          >
            {session.name}
          </Link>
        </h2>
        <p className="text-sm text-muted-foreground">
          {formatDate(session.createdAt)} ·{" "}
          {interview ? "Interview · 1 respondent" : `${session.participantCount} participants`} ·{" "}
          {session.responseCount} {interview ? "answers" : "responses"}
        </p>
        {session.source === "human" ? (
          <p className="text-xs text-muted-foreground">
            <Badge variant="outline" data-testid="human-badge">
              {interview ? "Human interview" : "Human group"}
            </Badge>{" "}
            Written by people (imported transcript)
          </p>
        ) : (
          <p className="text-xs text-muted-foreground">
            Simulated by {session.model || "an unrecorded model"}
          </p>
        )}
        <p className="text-sm">
          Average sentiment{" "}
          <span className="font-medium tabular-nums">{signed(session.averageSentiment)}</span>
          {session.overallSentiment && (
            <Badge variant="secondary" className="ml-2 capitalize">
              {session.overallSentiment}
            </Badge>
          )}
        </p>
      </div>

      {session.people ? (
        <PeopleSection people={session.people} gap={session.gapToHuman} interview={interview} />
      ) : null}
      {session.themeMatch ? <ThemeMatchSection match={session.themeMatch} /> : null}

      <section aria-label="Sentiment by question" className="space-y-2">
        <h3 className="text-sm font-semibold">Sentiment by question</h3>
        <ol className="space-y-2">
          {session.sentimentByQuestion.map((q) => (
            <li key={q.questionIndex} className="space-y-1" data-testid="compare-question">
              <p className="text-xs">
                <span className="font-medium">Q{q.questionIndex + 1}</span> {q.question}
              </p>
              <div className="flex h-3 overflow-hidden rounded bg-muted" aria-hidden="true">
                {(["positive", "neutral", "negative"] as const).map((k) => (
                  <div key={k} className={COLORS[k]} style={{ width: `${q[k]}%` }} />
                ))}
              </div>
              <p className="text-xs text-muted-foreground tabular-nums">
                {q.count === 0
                  ? "No answers"
                  : `${q.positive}% positive, ${q.neutral}% neutral, ${q.negative}% negative (${signed(q.average)})`}
              </p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-label="Participation" className="space-y-2">
        <h3 className="text-sm font-semibold">Participation</h3>
        {interview ? (
          <p className="text-xs text-muted-foreground" data-testid="participation-na">
            {NOT_APPLICABLE}: an interview has one respondent.
          </p>
        ) : (
          <ul className="space-y-1">
            {session.participation.map((p, i) => (
              <li key={`${i}-${p.name ?? ""}`} className="flex items-center gap-2 text-xs">
                <span className="w-28 truncate" title={p.name ?? "Unknown"}>
                  {p.name ?? "Unknown"}
                </span>
                <span
                  className="h-2 rounded bg-primary"
                  style={{ width: `${(p.responses / most) * 60}%` }}
                  aria-hidden="true"
                />
                <span className="tabular-nums">{p.responses}</span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-label="Top words" className="space-y-2">
        <h3 className="text-sm font-semibold">Top words</h3>
        {session.topWords.length === 0 ? (
          <p className="text-xs text-muted-foreground">No words yet</p>
        ) : (
          <ul className="flex flex-wrap gap-1.5">
            {session.topWords.map((w) => (
              <li key={w.text}>
                <Badge variant="secondary">
                  {w.text} <span className="tabular-nums text-muted-foreground">{w.count}</span>
                </Badge>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-label="Health" className="space-y-2">
        <h3 className="text-sm font-semibold">Health</h3>
        {session.health ? (
          <>
            <p className="text-sm">
              Overall: <span className="font-medium capitalize">{session.health.overall}</span>
            </p>
            {session.health.warnings.length > 0 && (
              <ul className="list-disc space-y-1 pl-4 text-xs text-muted-foreground">
                {session.health.warnings.map((w) => (
                  <li key={w}>{w}</li>
                ))}
              </ul>
            )}
          </>
        ) : (
          <p className="text-xs text-muted-foreground">No health report for this session.</p>
        )}
      </section>

      <section aria-label="Themes" className="space-y-2">
        <h3 className="text-sm font-semibold">Themes</h3>
        {session.themes === null || session.themes === undefined ? (
          <p className="text-xs text-muted-foreground">
            AI insights have not been generated for this session.
          </p>
        ) : session.themes.length === 0 ? (
          <p className="text-xs text-muted-foreground">No themes found.</p>
        ) : (
          <ul className="space-y-1 text-sm">
            {session.themes.map((t) => (
              <li key={t.theme} className="flex justify-between gap-2">
                <span>{t.theme}</span>
                <span className="text-xs tabular-nums text-muted-foreground">
                  {t.frequency} mentions
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </Card>
  );
}
