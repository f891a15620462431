import { queryOptions, useQuery } from "@tanstack/react-query";
import { client, unwrap } from "@/lib/api-client";
import type { Session, SessionHeader, SessionMessage } from "@/lib/api-types";
import { queryKeys } from "@/lib/query-keys";
import { splitPrivate } from "@/utils/private-answers";
import { LIVE_WINDOW } from "../hooks/use-message-window";
import { mergeFetched } from "../utils/live-events";
import { type LiveSession, liveSession } from "../utils/live-window";

/** GET /api/sessions/{id}/messages?newest=true: the last `limit` messages (before
 * `before`), in order; `earlierCursor` reads the ones before them. */
export function getNewestMessages(
  id: string,
  before: string | null,
  signal?: AbortSignal,
): Promise<{ items: SessionMessage[]; earlierCursor?: string | null; total: number }> {
  return unwrap(
    client.GET("/api/sessions/{session_id}/messages", {
      params: {
        path: { session_id: id },
        query: { newest: true, limit: LIVE_WINDOW, ...(before ? { before } : {}) },
      },
      signal,
    }),
  );
}

function getHeader(id: string, signal?: AbortSignal): Promise<SessionHeader> {
  return unwrap(
    client.GET("/api/sessions/{session_id}/header", {
      params: { path: { session_id: id } },
      signal,
    }),
  );
}

/** The live screen's session: the header and its newest LIVE_WINDOW messages (never the
 * whole transcript: docs/performance.md#long-transcripts); live events add the rest. */
export async function getLiveSession(id: string, signal?: AbortSignal): Promise<LiveSession> {
  const [header, page] = await Promise.all([
    getHeader(id, signal),
    getNewestMessages(id, null, signal),
  ]);
  return liveSession(header, page.items, page.earlierCursor ?? null);
}

export const liveSessionQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.session(id),
    queryFn: ({ signal }) => getLiveSession(id, signal),
    // Private answers apart from the public discussion, as on every screen.
    select: (session: Session) => splitPrivate(session) as LiveSession,
    // Live events keep the cache current; a refetch must not drop what they added.
    structuralSharing: (previous, fresh) =>
      mergeFetched(previous as Session | undefined, fresh as Session),
    staleTime: Infinity,
  });

export function useSession(id: string) {
  return useQuery(liveSessionQueryOptions(id));
}
