import { useQuery } from "@tanstack/react-query";
import { client, unwrap } from "@/lib/api-client";
import type { SessionMessage } from "@/lib/api-types";
import { queryKeys } from "@/lib/query-keys";

/** The most messages one request names (the server's limit). */
export const IDS_PER_REQUEST = 100;

/** GET /api/sessions/{id}/messages?ids=...: the named messages of the transcript, in order
 * (the health findings' links name theirs: speaker, question, round). */
export function useMessagesById(sessionId: string, ids: readonly string[]) {
  const wanted = [...new Set(ids)].slice(0, IDS_PER_REQUEST);
  return useQuery({
    queryKey: [...queryKeys.session(sessionId), "messages-by-id", wanted] as const,
    queryFn: ({ signal }) =>
      unwrap(
        client.GET("/api/sessions/{session_id}/messages", {
          params: {
            path: { session_id: sessionId },
            query: { ids: wanted.join(","), limit: IDS_PER_REQUEST },
          },
          signal,
        }),
      ),
    enabled: wanted.length > 0,
    select: (page) => new Map<string, SessionMessage>(page.items.map((m) => [m.id, m])),
  });
}
