import { queryOptions, useQuery } from "@tanstack/react-query";
import { client, unwrap } from "@/lib/api-client";
import type { SessionSummary } from "@/lib/api-types";
import { queryKeys } from "@/lib/query-keys";

/** The sessions of the dashboard, newest first. */
export function getSessions(signal?: AbortSignal): Promise<SessionSummary[]> {
  return unwrap(client.GET("/api/sessions", { signal }));
}

export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.sessionSummaries,
    queryFn: ({ signal }) => getSessions(signal),
    staleTime: 5_000,
  });

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}
