import { useQuery } from "@tanstack/react-query";
import { client, unwrap } from "@/lib/api-client";
import type { SessionHeader } from "@/lib/api-types";
import { queryKeys } from "@/lib/query-keys";

/** GET /api/sessions/{id}/header: the session without its messages (a 5,000-message
 * session's header is a few KB; the transcript is read in pages, the analytics and the
 * health report from their own routes). */
export function getSessionHeader(id: string, signal?: AbortSignal): Promise<SessionHeader> {
  return unwrap(
    client.GET("/api/sessions/{session_id}/header", {
      params: { path: { session_id: id } },
      signal,
    }),
  );
}

/** The header's cache entry, under the session's key. */
export const sessionHeaderKey = (id: string) => [...queryKeys.session(id), "header"] as const;

/** The session for the Results screen; refetched on every visit, since the session may have
 * run on since. Under the session's key, so whatever refreshes the session refreshes it. */
export function useSession(id: string) {
  return useQuery({
    queryKey: sessionHeaderKey(id),
    queryFn: ({ signal }) => getSessionHeader(id, signal),
    refetchOnMount: "always",
  });
}
