import { useQuery } from "@tanstack/react-query";
import { client, unwrap } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** The Analytics numbers and the health report on one model's answers. */
export function useModelAnalytics(sessionId: string, model: string) {
  return useQuery({
    queryKey: [...queryKeys.session(sessionId), "analytics", "model", model],
    queryFn: ({ signal }) =>
      unwrap(
        client.GET("/api/sessions/{session_id}/analytics", {
          params: { path: { session_id: sessionId }, query: { model } },
          signal,
        }),
      ),
  });
}

export function useModelHealth(sessionId: string, model: string, enabled: boolean) {
  return useQuery({
    queryKey: ["sessions", sessionId, "health", "model", model],
    queryFn: ({ signal }) =>
      unwrap(
        client.GET("/api/sessions/{session_id}/health", {
          params: { path: { session_id: sessionId }, query: { model } },
          signal,
        }),
      ),
    enabled,
    staleTime: 60_000,
  });
}
