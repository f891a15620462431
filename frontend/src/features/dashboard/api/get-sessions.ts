import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from "@tanstack/react-query";
import { client, unwrap } from "@/lib/api-client";
import type { DashboardStats, SessionPage } from "@/lib/api-types";
import { queryKeys } from "@/lib/query-keys";
import { dateFilterStart, type SessionFilters } from "../utils/dashboard";

/** Rows per page of the dashboard's table; more load as the user scrolls. */
export const SESSION_PAGE_SIZE = 50;

/** One page of the sessions the filters keep, newest first (search, status and date are
 * applied by the server, so every session can be found however many there are). */
export function getSessionPage(
  filters: SessionFilters,
  cursor: string | null,
  signal?: AbortSignal,
  now: Date = new Date(),
): Promise<SessionPage> {
  const start = dateFilterStart(filters.date, now);
  const search = filters.search.trim();
  return unwrap(
    client.GET("/api/sessions/page", {
      params: {
        query: {
          limit: SESSION_PAGE_SIZE,
          ...(search ? { q: search } : {}),
          ...(filters.status !== "all" ? { status: filters.status } : {}),
          ...(filters.kind && filters.kind !== "all" ? { kind: filters.kind } : {}),
          ...(start ? { createdAfter: start.toISOString() } : {}),
          ...(cursor ? { cursor } : {}),
        },
      },
      signal,
    }),
  );
}

export const sessionPagesQueryOptions = (filters: SessionFilters) =>
  infiniteQueryOptions({
    queryKey: [...queryKeys.sessionSummaries, "page", filters] as const,
    queryFn: ({ pageParam, signal }) => getSessionPage(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? null,
    staleTime: 5_000,
  });

export function useSessionPages(filters: SessionFilters) {
  return useInfiniteQuery(sessionPagesQueryOptions(filters));
}

/** The summary cards, counted by the server over the whole library. */
export const dashboardStatsQueryOptions = () =>
  queryOptions({
    queryKey: [...queryKeys.sessionSummaries, "stats"] as const,
    queryFn: ({ signal }): Promise<DashboardStats> =>
      unwrap(client.GET("/api/sessions/stats", { signal })),
    staleTime: 5_000,
  });

export function useDashboardStats() {
  return useQuery(dashboardStatsQueryOptions());
}
