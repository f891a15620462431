import { CalendarDaysIcon, LayersIcon, SmileIcon, UsersIcon, type LucideIcon } from "lucide-react";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/utils/cn";
import type { SentimentLabel } from "../utils/dashboard";

interface StatCardProps {
  title: string;
  value: string | number;
  detail: string;
  icon: LucideIcon;
  loading?: boolean;
  detailClassName?: string;
  testId: string;
}

function StatCard({
  title,
  value,
  detail,
  icon: Icon,
  loading,
  detailClassName,
  testId,
}: StatCardProps) {
  return (
    <Card role="group" aria-label={title} className="gap-3 p-5" data-testid={testId}>
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm font-medium text-muted-foreground">{title}</p>
        <span className="flex size-8 items-center justify-center rounded-lg bg-accent text-accent-foreground">
          <Icon className="size-4" aria-hidden="true" />
        </span>
      </div>
      {loading ? (
        <div className="space-y-2" aria-hidden="true">
          <Skeleton className="h-8 w-16" />
          <Skeleton className="h-3 w-24" />
        </div>
      ) : (
        <div className="space-y-1">
          <p
            className="text-3xl font-semibold tracking-tight tabular-nums"
            data-testid={`${testId}-value`}
          >
            {value}
          </p>
          <p
            className={cn("text-xs text-muted-foreground", detailClassName)}
            data-testid={`${testId}-detail`}
          >
            {detail}
          </p>
        </div>
      )}
    </Card>
  );
}

const SENTIMENT_STYLES: Record<SentimentLabel, string> = {
  Positive: "font-medium text-emerald-600",
  Neutral: "font-medium text-muted-foreground",
  Negative: "font-medium text-rose-600",
};

export interface SummaryCardsProps {
  loading: boolean;
  total: number;
  completed: number;
  personas: number | null;
  thisWeek: number;
  sentiment: string;
  sentimentLabel: SentimentLabel;
}

export function SummaryCards({
  loading,
  total,
  completed,
  personas,
  thisWeek,
  sentiment,
  sentimentLabel,
}: SummaryCardsProps) {
  return (
    <div className="mb-8 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <StatCard
        testId="stat-total-sessions"
        title="Total Sessions"
        value={total}
        detail={`${completed} completed`}
        icon={LayersIcon}
        loading={loading}
      />
      <StatCard
        testId="stat-total-personas"
        title="Total Personas"
        value={personas ?? "–"}
        detail="Ready to use"
        icon={UsersIcon}
        loading={personas === null}
      />
      <StatCard
        testId="stat-this-week"
        title="This Week"
        value={thisWeek}
        detail="Sessions in the last 7 days"
        icon={CalendarDaysIcon}
        loading={loading}
      />
      <StatCard
        testId="stat-avg-sentiment"
        title="Avg Sentiment"
        value={sentiment}
        detail={sentimentLabel}
        detailClassName={SENTIMENT_STYLES[sentimentLabel]}
        icon={SmileIcon}
        loading={loading}
      />
    </div>
  );
}
