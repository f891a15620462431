import { InfoIcon, Loader2Icon, RefreshCwIcon, SparklesIcon } from "lucide-react";
import { toast } from "sonner";
import { SentimentBadge } from "@/components/sentiment-badge";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { SessionHeader, SessionInsights } from "@/lib/api-types";
import { cn } from "@/utils/cn";
import { useGenerateInsights } from "../api/generate-insights";
import {
  insightsErrorToast,
  NO_DATA_TEXT,
  NO_DATA_TITLE,
  priorityBadgeVariant,
  capitalise,
  SUCCESS_TEXT,
  SUCCESS_TITLE,
} from "../utils/insights";
import { formatDateTime } from "@/utils/dates";

export const SIMULATED_CAVEAT =
  "These insights describe simulated participants (AI personas), not real consumers: use them to explore ideas, and confirm decisions with real research.";

const BREAKDOWN = [
  { key: "positive", label: "Positive", bar: "bg-emerald-500" },
  { key: "neutral", label: "Neutral", bar: "bg-slate-400" },
  { key: "negative", label: "Negative", bar: "bg-rose-500" },
] as const;

function GenerateButton({
  pending,
  onClick,
  regenerate = false,
}: {
  pending: boolean;
  onClick: () => void;
  regenerate?: boolean;
}) {
  return (
    <Button onClick={onClick} disabled={pending} variant={regenerate ? "outline" : "default"}>
      {pending ? (
        <Loader2Icon className="animate-spin" aria-hidden="true" />
      ) : regenerate ? (
        <RefreshCwIcon aria-hidden="true" />
      ) : (
        <SparklesIcon aria-hidden="true" />
      )}
      {pending ? "Analyzing..." : regenerate ? "Regenerate Analysis" : "Generate Insights"}
    </Button>
  );
}

function InsightsView({ insights }: { insights: SessionInsights }) {
  const generated = formatDateTime(insights.generatedAt);
  return (
    <div className="grid gap-5 lg:grid-cols-3">
      <Card className="lg:col-span-2" data-testid="insights-summary">
        <CardHeader className="flex-row items-start justify-between gap-3">
          <div className="space-y-1.5">
            <CardTitle>Executive Summary</CardTitle>
            <CardDescription>
              {insights.model ? `Written by ${insights.model}` : "Written by the configured model"}
              {generated && ` · ${generated}`}
            </CardDescription>
          </div>
          <SentimentBadge
            sentiment={insights.overallSentiment}
            suffix=" overall"
            data-testid="overall-sentiment"
          />
        </CardHeader>
        <CardContent>
          <p className="leading-relaxed whitespace-pre-line">{insights.summary}</p>
        </CardContent>
      </Card>

      <Card data-testid="sentiment-breakdown">
        <CardHeader>
          <CardTitle>Sentiment Breakdown</CardTitle>
          <CardDescription>Computed from every participant answer.</CardDescription>
        </CardHeader>
        <CardContent>
          <dl className="space-y-3">
            {BREAKDOWN.map(({ key, label, bar }) => {
              const value = Math.max(
                0,
                Math.min(100, Math.round(insights.sentimentBreakdown[key] ?? 0)),
              );
              return (
                <div key={key} className="grid grid-cols-[1fr_auto] text-sm">
                  <dt className="text-muted-foreground">{label}</dt>
                  <dd className="font-medium tabular-nums">{value}%</dd>
                  <dd className="col-span-2 mt-1">
                    <div
                      role="meter"
                      aria-label={`${label} answers`}
                      aria-valuemin={0}
                      aria-valuemax={100}
                      aria-valuenow={value}
                      className="h-2 overflow-hidden rounded-full bg-muted"
                    >
                      <div
                        className={cn("h-full rounded-full", bar)}
                        style={{ width: `${value}%` }}
                      />
                    </div>
                  </dd>
                </div>
              );
            })}
          </dl>
        </CardContent>
      </Card>

      <Card data-testid="key-themes">
        <CardHeader>
          <CardTitle>Key Themes</CardTitle>
          <CardDescription>What came up, and in how many answers.</CardDescription>
        </CardHeader>
        <CardContent>
          {insights.keyThemes.length === 0 ? (
            <p className="text-sm text-muted-foreground">No themes were identified.</p>
          ) : (
            <ul className="space-y-4">
              {insights.keyThemes.map((t, i) => (
                <li key={`${i}-${t.theme}`} className="space-y-1" data-testid="theme">
                  <div className="flex items-start justify-between gap-3">
                    <p className="font-medium leading-snug">{t.theme}</p>
                    <Badge variant="secondary" className="tabular-nums">
                      {t.frequency} {t.frequency === 1 ? "mention" : "mentions"}
                    </Badge>
                  </div>
                  <p className="text-sm text-muted-foreground">{t.description}</p>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      <Card className="lg:col-span-2" data-testid="recommendations">
        <CardHeader>
          <CardTitle>Recommendations</CardTitle>
          <CardDescription>Suggested next steps, by priority.</CardDescription>
        </CardHeader>
        <CardContent>
          {insights.recommendations.length === 0 ? (
            <p className="text-sm text-muted-foreground">No recommendations were made.</p>
          ) : (
            <ul className="space-y-3">
              {insights.recommendations.map((r, i) => (
                <li
                  key={`${i}-${r.title}`}
                  className="rounded-lg border p-4"
                  data-testid="recommendation"
                >
                  <div className="flex items-start justify-between gap-3">
                    <p className="font-medium leading-snug">{r.title}</p>
                    <Badge variant={priorityBadgeVariant(r.priority)} data-priority={r.priority}>
                      {capitalise(r.priority)} priority
                    </Badge>
                  </div>
                  <p className="mt-1 text-sm text-muted-foreground">{r.description}</p>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

/** product-rules §2 AI Insights tab (POST /api/sessions/{id}/insights). */
export function InsightsTab({ session }: { session: SessionHeader }) {
  const generate = useGenerateInsights(session.id);
  const insights = session.insights;

  const run = () => {
    if (session.answerCount === 0) {
      toast.error(NO_DATA_TITLE, { description: NO_DATA_TEXT });
      return;
    }
    generate.mutate(undefined, {
      onSuccess: () => toast.success(SUCCESS_TITLE, { description: SUCCESS_TEXT }),
      onError: (error) => {
        const { title, description } = insightsErrorToast(error);
        toast.error(title, { description });
      },
    });
  };

  const caveat = (
    <p
      className="flex items-start gap-2 text-sm text-muted-foreground"
      data-testid="insights-caveat"
    >
      <InfoIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      {SIMULATED_CAVEAT}
    </p>
  );

  if (!insights) {
    return (
      <Card className="items-center gap-4 px-6 py-14 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-accent">
          <SparklesIcon className="size-6 text-accent-foreground" aria-hidden="true" />
        </span>
        <div className="max-w-md space-y-1">
          <h2 className="text-lg font-semibold">AI Insights</h2>
          <p className="text-sm text-muted-foreground">
            Let the model read the transcript and write an executive summary, key themes and
            recommendations. Sentiment figures are computed from the answers themselves.
          </p>
        </div>
        <GenerateButton pending={generate.isPending} onClick={run} />
        <div className="max-w-lg">{caveat}</div>
      </Card>
    );
  }

  return (
    <div className="space-y-5" aria-busy={generate.isPending}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        {caveat}
        <GenerateButton pending={generate.isPending} onClick={run} regenerate />
      </div>
      <InsightsView insights={insights} />
    </div>
  );
}
