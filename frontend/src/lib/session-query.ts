import { queryOptions } from "@tanstack/react-query";
import { client, unwrap } from "@/lib/api-client";
import type { Session } from "@/lib/api-types";
import { splitPrivate } from "@/utils/private-answers";
import { queryKeys } from "@/lib/query-keys";

/** GET /api/sessions/{id}. The live screen and the results screen share this cache entry and
 * each adds its own options (live merging; refetch on every visit). */
export function getSession(id: string, signal?: AbortSignal): Promise<Session> {
  return unwrap(
    client.GET("/api/sessions/{session_id}", { params: { path: { session_id: id } }, signal }),
  );
}

export const sessionQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.session(id),
    queryFn: ({ signal }) => getSession(id, signal),
    // Private answers apart from the public discussion, for every screen.
    select: splitPrivate,
  });
