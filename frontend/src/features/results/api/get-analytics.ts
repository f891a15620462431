import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { SessionAnalytics } from "@/lib/api-types";
import { queryKeys } from "@/lib/query-keys";

export const analyticsQueryKey = (id: string) => [...queryKeys.session(id), "analytics"] as const;

export function getAnalytics(id: string, signal?: AbortSignal): Promise<SessionAnalytics> {
  return api.get<SessionAnalytics>(`/sessions/${encodeURIComponent(id)}/analytics`, signal);
}

export const analyticsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: analyticsQueryKey(id),
    queryFn: ({ signal }) => getAnalytics(id, signal),
  });

export function useAnalytics(id: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...analyticsQueryOptions(id), enabled: options.enabled ?? true });
}
