import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { client, unwrap } from "@/lib/api-client";
import type { components } from "@/lib/api-schema";
import type { SurveyFilters } from "../utils/filters";

export type SurveyPage = components["schemas"]["SurveyPageOut"];

/** Rows per page of the Surveys screen; more load as the user scrolls. */
export const SURVEY_PAGE_SIZE = 50;

/** Every page of the list, whatever the filters (what a write to a survey refreshes). */
export const surveyPagesKey = ["surveys", "page"] as const;

/** GET /api/surveys/page: the surveys the filters keep, a page at a time (name search,
 * status and order are applied by the server, so every survey can be found however many
 * there are). */
export function getSurveyPage(
  filters: SurveyFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<SurveyPage> {
  const q = filters.search.trim();
  return unwrap(
    client.GET("/api/surveys/page", {
      params: {
        query: {
          limit: SURVEY_PAGE_SIZE,
          sort: filters.sort,
          ...(q ? { q } : {}),
          ...(filters.status !== "all" ? { status: filters.status } : {}),
          ...(cursor ? { cursor } : {}),
        },
      },
      signal,
    }),
  );
}

export const surveyPagesQueryOptions = (filters: SurveyFilters) =>
  infiniteQueryOptions({
    queryKey: [...surveyPagesKey, { ...filters, search: filters.search.trim() }] as const,
    queryFn: ({ pageParam, signal }) => getSurveyPage(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? null,
    // The last filters' surveys stay shown (dimmed) while the next filters' load.
    placeholderData: keepPreviousData,
    // While a listed survey runs, its progress is read again every 3 s.
    refetchInterval: (q) =>
      q.state.data?.pages.some((p) => p.items.some((s) => s.status === "running")) ? 3000 : false,
  });

export function useSurveyPages(filters: SurveyFilters) {
  return useInfiniteQuery(surveyPagesQueryOptions(filters));
}
