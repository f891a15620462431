import { queryOptions, useQuery } from "@tanstack/react-query";
import { client, unwrap } from "@/lib/api-client";
import type { SessionAnalytics } from "@/lib/api-types";
import { queryKeys } from "@/lib/query-keys";

export const analyticsQueryKey = (id: string) => [...queryKeys.session(id), "analytics"] as const;

export function getAnalytics(id: string, signal?: AbortSignal): Promise<SessionAnalytics> {
  return unwrap(
    client.GET("/api/sessions/{session_id}/analytics", {
      params: { path: { session_id: id } },
      signal,
    }),
  );
}

export const analyticsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: analyticsQueryKey(id),
    queryFn: ({ signal }) => getAnalytics(id, signal),
  });

export function useAnalytics(id: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...analyticsQueryOptions(id), enabled: options.enabled ?? true });
}
