import { Columns2Icon, FolderOpenIcon, PlayCircleIcon, PlusIcon } from "lucide-react";
import { lazy, Suspense, useCallback, useMemo, useState } from "react";
import { Link, useNavigate } from "react-router";
import { notify } from "@/features/dashboard/utils/notify";
import { LoadMore } from "@/components/load-more";
import { PageHeader } from "@/components/page-header";
import { QueryError } from "@/components/query-error";
import { SearchBox } from "@/components/search-box";
import { buttonVariants } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";
import { paths } from "@/config/paths";
import { errorMessage } from "@/lib/api-client";
import type { SessionSummary } from "@/lib/api-types";
import { useDebounced } from "@/hooks/use-debounced";
import { useScrollToTop } from "@/hooks/use-scroll-to-top";
import { useDuplicateSession } from "@/features/dashboard/api/duplicate-session";
import { useDashboardStats, useSessionPages } from "@/features/dashboard/api/get-sessions";
import {
  averageSentiment,
  DEFAULT_FILTERS,
  type DateFilter,
  formatSentiment,
  hasActiveFilters,
  sentimentLabel,
  type SessionFilters,
  type StatusFilter,
  type KindFilter,
} from "@/features/dashboard/utils/dashboard";
import { ImportHumanLauncher } from "@/features/dashboard/components/import-human-launcher";
import {
  SessionsTable,
  SessionsTableSkeleton,
} from "@/features/dashboard/components/sessions-table";
import { SummaryCards } from "@/features/dashboard/components/summary-cards";
import { SynthesiseButton } from "@/features/studies/components/synthesise-button";

// The confirmation loads when first asked for (docs/performance.md#a-light-first-screen).
const DeleteSessionDialog = lazy(() =>
  import("@/features/dashboard/components/delete-session-dialog").then((m) => ({
    default: m.DeleteSessionDialog,
  })),
);

/** A comparison shows 2 to 4 completed sessions side by side. */
const COMPARE_MAX = 4;

export const EMPTY_TEXT = "No sessions yet. Create your first session or try our demo!";
export const NO_MATCH_TEXT = "No sessions match your filters.";

/** Sessions dashboard (product-rules §2). */
export function DashboardPage() {
  useScrollToTop();
  const navigate = useNavigate();
  const [filters, setFilters] = useState<SessionFilters>(DEFAULT_FILTERS);
  // The server searches; typing asks it once per pause, the status and date at once.
  const search = useDebounced(filters.search);
  const applied = useMemo(() => ({ ...filters, search }), [filters, search]);
  const sessions = useSessionPages(applied);
  const statsQuery = useDashboardStats();
  const duplicate = useDuplicateSession();
  const [compareIds, setCompareIds] = useState<string[]>([]);
  const [deleting, setDeleting] = useState<{ open: boolean; session: SessionSummary | null }>({
    open: false,
    session: null,
  });

  const visible = useMemo(
    () => sessions.data?.pages.flatMap((p) => p.items) ?? [],
    [sessions.data],
  );
  const total = sessions.data?.pages[0]?.total ?? 0;
  // Only sessions still listed and completed stay picked (one may be deleted meanwhile).
  const picked = compareIds.filter((id) =>
    visible.some((s) => s.id === id && s.status === "completed"),
  );
  const toggleCompare = (id: string) =>
    setCompareIds((ids) =>
      ids.includes(id) ? ids.filter((i) => i !== id) : [...ids, id].slice(0, COMPARE_MAX),
    );
  const stats = useMemo(() => {
    const data = statsQuery.data;
    const avg = averageSentiment(data ? [data.sentimentCounts] : []);
    return {
      total: data?.totalSessions ?? 0,
      completed: data?.completedSessions ?? 0,
      thisWeek: data?.thisWeek ?? 0,
      personas: data ? data.totalPersonas : null,
      sentiment: formatSentiment(avg),
      label: sentimentLabel(avg),
    };
  }, [statsQuery.data]);
  const { fetchNextPage, hasNextPage, isFetchingNextPage } = sessions;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [fetchNextPage, hasNextPage, isFetchingNextPage]);
  const libraryEmpty = !hasActiveFilters(applied) && total === 0;

  const onDuplicate = (session: SessionSummary) =>
    duplicate.mutate(session.id, {
      onSuccess: (copy) => navigate(paths.session.getHref(copy.id)),
      onError: (error) => notify.error(errorMessage(error, "Failed to duplicate session")),
    });

  return (
    <>
      <PageHeader
        title="AI Focus Groups"
        description="AI-Powered Consumer Research"
        actions={
          <div className="flex flex-col items-start gap-1.5 sm:items-end">
            <Link
              to={paths.demoSession.getHref()}
              className={buttonVariants({ variant: "outline" })}
            >
              <PlayCircleIcon aria-hidden="true" />
              Try Demo Session
            </Link>
            <span className="text-xs text-muted-foreground">
              See a complete focus group in action
            </span>
          </div>
        }
      />

      <SummaryCards
        loading={statsQuery.isPending}
        total={stats.total}
        completed={stats.completed}
        personas={stats.personas}
        thisWeek={stats.thisWeek}
        sentiment={stats.sentiment}
        sentimentLabel={stats.label}
      />

      <Card role="region" aria-labelledby="your-sessions" className="gap-0 overflow-hidden p-0">
        <div className="flex flex-col gap-4 border-b p-5">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="your-sessions" className="text-lg font-semibold">
              Your Sessions
            </h2>
            <div className="flex flex-wrap items-center gap-2">
              {picked.length > 0 && (
                <Link
                  to={paths.compare.getHref(picked)}
                  aria-disabled={picked.length < 2 || undefined}
                  onClick={(e) => picked.length < 2 && e.preventDefault()}
                  className={buttonVariants({ variant: "outline" })}
                  data-testid="compare-link"
                >
                  <Columns2Icon aria-hidden="true" />
                  {picked.length < 2
                    ? "Pick one more to compare"
                    : `Compare ${picked.length} sessions`}
                </Link>
              )}
              {picked.length > 0 && (
                <SynthesiseButton sessionIds={picked} onError={(m) => notify.error(m)} />
              )}
              <ImportHumanLauncher />
              <Link to={paths.createSession.getHref()} className={buttonVariants()}>
                <PlusIcon aria-hidden="true" />
                Create New Session
              </Link>
            </div>
          </div>
          <div className="flex flex-col gap-3 sm:flex-row">
            <SearchBox
              className="flex-1"
              value={filters.search}
              onChange={(search) => setFilters((f) => ({ ...f, search }))}
              placeholder="Search sessions..."
              label="Search sessions"
            />
            <Select
              value={filters.kind ?? "all"}
              onValueChange={(v) => setFilters((f) => ({ ...f, kind: v as KindFilter }))}
            >
              <SelectTrigger className="sm:w-40" aria-label="Kind filter">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="all">All Kinds</SelectItem>
                <SelectItem value="group">Focus groups</SelectItem>
                <SelectItem value="interview">Interviews</SelectItem>
              </SelectContent>
            </Select>
            <Select
              value={filters.status}
              onValueChange={(v) => setFilters((f) => ({ ...f, status: v as StatusFilter }))}
            >
              <SelectTrigger className="sm:w-44" aria-label="Status filter">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="all">All Status</SelectItem>
                <SelectItem value="draft">Draft</SelectItem>
                <SelectItem value="in-progress">In Progress</SelectItem>
                <SelectItem value="completed">Completed</SelectItem>
              </SelectContent>
            </Select>
            <Select
              value={filters.date}
              onValueChange={(v) => setFilters((f) => ({ ...f, date: v as DateFilter }))}
            >
              <SelectTrigger className="sm:w-44" aria-label="Date filter">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="all">All Time</SelectItem>
                <SelectItem value="7d">Last 7 Days</SelectItem>
                <SelectItem value="30d">Last 30 Days</SelectItem>
              </SelectContent>
            </Select>
          </div>
        </div>

        {sessions.isPending ? (
          <SessionsTableSkeleton />
        ) : sessions.isError ? (
          <div className="p-5">
            <QueryError
              title="Could not load sessions"
              error={sessions.error}
              onRetry={() => void sessions.refetch()}
              retrying={sessions.isFetching}
            />
          </div>
        ) : visible.length === 0 ? (
          <div
            className="flex flex-col items-center gap-3 px-6 py-16 text-center"
            data-testid="sessions-empty"
          >
            <FolderOpenIcon className="size-8 text-muted-foreground" aria-hidden="true" />
            <p className="text-muted-foreground">{libraryEmpty ? EMPTY_TEXT : NO_MATCH_TEXT}</p>
          </div>
        ) : (
          <>
            <SessionsTable
              sessions={visible}
              duplicatingId={duplicate.isPending ? (duplicate.variables ?? null) : null}
              onDuplicate={onDuplicate}
              onDelete={(session) => setDeleting({ open: true, session })}
              compareIds={picked}
              onToggleCompare={toggleCompare}
              compareFull={picked.length >= COMPARE_MAX}
            />
            <LoadMore
              shown={visible.length}
              total={total}
              noun={total === 1 ? "session" : "sessions"}
              hasMore={hasNextPage}
              loading={isFetchingNextPage}
              onMore={loadMore}
            />
          </>
        )}
      </Card>

      {deleting.session && (
        <Suspense fallback={null}>
          <DeleteSessionDialog
            open={deleting.open}
            session={deleting.session}
            onOpenChange={(open) => setDeleting((d) => ({ ...d, open }))}
          />
        </Suspense>
      )}
    </>
  );
}
