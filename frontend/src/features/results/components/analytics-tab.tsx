import { AlertTriangleIcon } from "lucide-react";
import { Component, type ErrorInfo, lazy, type ReactNode, Suspense } from "react";
import { QueryError } from "@/components/query-error";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import type { SessionHeader } from "@/lib/api-types";
import { useAnalytics } from "../api/get-analytics";
import { DiversityCard } from "./analytics/diversity-card";
import { QuotesCard } from "./analytics/quotes-card";
import { TraitPatternsCard } from "./analytics/trait-patterns-card";
import { WordCloudCard } from "./analytics/word-cloud-card";

// Recharts is large: load it with the Analytics tab, not with the app.
const SentimentChart = lazy(() => import("./analytics/sentiment-chart"));
const ParticipationChart = lazy(() => import("./analytics/participation-chart"));

function ChartFallback() {
  return <Skeleton className="h-64 w-full" />;
}

/** Keeps a chart that fails (e.g. its code chunk cannot be fetched) from taking the page down. */
class ChartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error("Chart failed to render", error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div
        role="alert"
        className="flex h-64 flex-col items-center justify-center gap-2 rounded-lg border border-dashed text-sm text-muted-foreground"
      >
        <AlertTriangleIcon className="size-5 text-destructive" aria-hidden="true" />
        The chart could not be loaded. Reload the page to try again.
      </div>
    );
  }
}

function ChartCard({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        <ChartBoundary>
          <Suspense fallback={<ChartFallback />}>{children}</Suspense>
        </ChartBoundary>
      </CardContent>
    </Card>
  );
}

export function AnalyticsSkeleton() {
  return (
    <div className="grid gap-5 lg:grid-cols-2" aria-busy="true" aria-label="Loading analytics">
      {Array.from({ length: 4 }, (_, i) => (
        <Card key={i} className="gap-4 p-5">
          <Skeleton className="h-5 w-48" />
          <Skeleton className="h-4 w-64" />
          <Skeleton className="h-52 w-full" />
        </Card>
      ))}
    </div>
  );
}

/** product-rules §2 Analytics tab, computed on the server (GET /api/sessions/{id}/analytics). */
export function AnalyticsTab({ session }: { session: SessionHeader }) {
  const analytics = useAnalytics(session.id);

  if (analytics.isPending) return <AnalyticsSkeleton />;
  if (analytics.isError) {
    return (
      <QueryError
        title="Could not load analytics"
        error={analytics.error}
        onRetry={() => void analytics.refetch()}
        retrying={analytics.isFetching}
      />
    );
  }
  const data = analytics.data;
  return (
    <div className="grid gap-5 lg:grid-cols-2">
      <ChartCard
        title="Sentiment by Question and Round"
        description="Share of positive, neutral and negative answers in each discussion round."
      >
        <SentimentChart rows={data.sentimentByQuestionRound} />
      </ChartCard>
      <ChartCard title="Participation" description="Answers given by each participant.">
        <ParticipationChart rows={data.participation} participants={session.participants} />
      </ChartCard>
      <div className="lg:col-span-2">
        <WordCloudCard words={data.wordCloud} />
      </div>
      <div className="lg:col-span-2">
        <QuotesCard quotes={data.quotes} participants={session.participants} />
      </div>
      <DiversityCard diversity={data.diversity} />
      <TraitPatternsCard patterns={data.traitPatterns} />
    </div>
  );
}
