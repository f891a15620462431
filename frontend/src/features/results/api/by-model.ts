import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { SessionAnalytics, SessionHealth } from "@/lib/api-types";
import { queryKeys } from "@/lib/query-keys";

/** Issue 30: the Analytics numbers and the health report on one model's answers. */
export function useModelAnalytics(sessionId: string, model: string) {
  return useQuery({
    queryKey: [...queryKeys.session(sessionId), "analytics", "model", model],
    queryFn: ({ signal }) =>
      api.get<SessionAnalytics>(
        `/sessions/${encodeURIComponent(sessionId)}/analytics?model=${encodeURIComponent(model)}`,
        signal,
      ),
  });
}

export function useModelHealth(sessionId: string, model: string, enabled: boolean) {
  return useQuery({
    queryKey: ["sessions", sessionId, "health", "model", model],
    queryFn: ({ signal }) =>
      api.get<SessionHealth>(`/sessions/${encodeURIComponent(sessionId)}/health?model=${encodeURIComponent(model)}`, signal),
    enabled,
    staleTime: 60_000,
  });
}
