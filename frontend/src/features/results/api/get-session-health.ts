import { queryOptions, useQuery } from "@tanstack/react-query";
import { client, unwrap } from "@/lib/api-client";
import type { SessionHealth } from "@/lib/api-types";

export const healthQueryKey = (id: string) => ["sessions", id, "health"] as const;

export function getSessionHealth(id: string, signal?: AbortSignal): Promise<SessionHealth> {
  return unwrap(
    client.GET("/api/sessions/{session_id}/health", {
      params: { path: { session_id: id } },
      signal,
    }),
  );
}

export const healthQueryOptions = (id: string) =>
  queryOptions({
    queryKey: healthQueryKey(id),
    queryFn: ({ signal }) => getSessionHealth(id, signal),
    staleTime: 60_000,
  });

/** GET /api/sessions/{id}/health: computed by the server once the session completed. */
export function useSessionHealth(id: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...healthQueryOptions(id), enabled: options.enabled ?? true });
}
