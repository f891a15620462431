import { ClipboardListIcon, PlusIcon, SearchXIcon } from "lucide-react";
import { useCallback, useMemo, useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { paths } from "@/config/paths";
import { LoadMore } from "@/components/load-more";
import { PageHeader } from "@/components/page-header";
import { QueryError } from "@/components/query-error";
import { SearchBox } from "@/components/search-box";
import { Button, buttonVariants } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";
import { useDebounced } from "@/hooks/use-debounced";
import { errorMessage } from "@/lib/api-client";
import { useDeleteSurvey, type SurveySummary } from "@/features/surveys/api/surveys";
import { useSurveyPages } from "@/features/surveys/api/survey-pages";
import {
  DEFAULT_SURVEY_FILTERS,
  hasActiveSurveyFilters,
  SORT_LABELS,
  STATUS_FILTERS,
  type SurveyFilters,
  type SurveySortOrder,
  type SurveyStatusFilter,
} from "@/features/surveys/utils/filters";
import { SurveyListItem } from "@/features/surveys/components/survey-list-item";
import { CalibrationPanel } from "@/features/surveys/components/calibration-panel";

export const NO_MATCH_TEXT = "No surveys match your filters.";

/** /surveys: the surveys with their status and progress, a page at a time, searched and
 * filtered by the server. */
export function SurveysPage() {
  const [filters, setFilters] = useState<SurveyFilters>(DEFAULT_SURVEY_FILTERS);
  // The server searches; typing asks it once per pause, the status and order at once.
  const search = useDebounced(filters.search);
  const applied = useMemo(() => ({ ...filters, search }), [filters, search]);
  const surveys = useSurveyPages(applied);
  const remove = useDeleteSurvey();
  const visible = useMemo(() => surveys.data?.pages.flatMap((p) => p.items) ?? [], [surveys.data]);
  const total = surveys.data?.pages[0]?.total ?? 0;
  const { fetchNextPage, hasNextPage, isFetchingNextPage } = surveys;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [fetchNextPage, hasNextPage, isFetchingNextPage]);
  // No survey at all: the invitation to create one, without filters to narrow nothing.
  const libraryEmpty =
    surveys.isSuccess &&
    !surveys.isPlaceholderData &&
    !hasActiveSurveyFilters(applied) &&
    total === 0;

  const onDelete = (s: SurveySummary) => {
    if (!window.confirm(`Delete the survey "${s.name}" and all its answers?`)) return;
    remove.mutate(s.id, {
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
      {!libraryEmpty && (
        <div className="mb-4 flex flex-col gap-3 sm:flex-row" role="search">
          <SearchBox
            className="flex-1"
            value={filters.search}
            onChange={(value) => setFilters((f) => ({ ...f, search: value }))}
            placeholder="Search surveys..."
            label="Search surveys"
          />
          <div className="grid grid-cols-2 gap-3 sm:flex">
            <Select
              value={filters.status}
              onValueChange={(v) => setFilters((f) => ({ ...f, status: v as SurveyStatusFilter }))}
            >
              <SelectTrigger className="sm:w-44" aria-label="Status filter">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {STATUS_FILTERS.map((s) => (
                  <SelectItem key={s.value} value={s.value}>
                    {s.label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <Select
              value={filters.sort}
              onValueChange={(v) => setFilters((f) => ({ ...f, sort: v as SurveySortOrder }))}
            >
              <SelectTrigger className="sm:w-44" aria-label="Sort order">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {(Object.keys(SORT_LABELS) as SurveySortOrder[]).map((key) => (
                  <SelectItem key={key} value={key}>
                    {SORT_LABELS[key]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        </div>
      )}
      {surveys.isPending ? (
        <div
          className="h-40 animate-pulse rounded-xl bg-muted"
          aria-busy="true"
          aria-label="Loading surveys"
        />
      ) : surveys.isError && visible.length === 0 ? (
        <QueryError
          title="Could not load surveys"
          error={surveys.error}
          onRetry={() => void surveys.refetch()}
          retrying={surveys.isFetching}
        />
      ) : libraryEmpty ? (
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
      ) : visible.length === 0 ? (
        <div
          className="flex flex-col items-center gap-3 rounded-xl border border-dashed bg-card px-6 py-12 text-center"
          data-testid="surveys-empty"
        >
          <SearchXIcon className="size-8 text-muted-foreground" aria-hidden="true" />
          <p className="text-muted-foreground">{NO_MATCH_TEXT}</p>
          <Button variant="outline" onClick={() => setFilters(DEFAULT_SURVEY_FILTERS)}>
            Clear filters
          </Button>
        </div>
      ) : (
        <div aria-busy={surveys.isPlaceholderData || undefined}>
          <ul
            className={`grid gap-3 ${surveys.isPlaceholderData ? "opacity-60" : ""}`}
            aria-label="Surveys"
          >
            {visible.map((s) => (
              <li key={s.id}>
                <SurveyListItem
                  survey={s}
                  onDelete={onDelete}
                  deleting={remove.isPending && remove.variables === s.id}
                />
              </li>
            ))}
          </ul>
          <LoadMore
            shown={visible.length}
            total={total}
            noun={total === 1 ? "survey" : "surveys"}
            hasMore={hasNextPage}
            loading={isFetchingNextPage}
            onMore={loadMore}
          />
          {surveys.isFetchNextPageError && (
            <QueryError
              title="Could not load more surveys"
              error={surveys.error}
              onRetry={loadMore}
              retrying={isFetchingNextPage}
            />
          )}
        </div>
      )}
      <CalibrationPanel />
    </>
  );
}
