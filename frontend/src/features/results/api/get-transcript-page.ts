import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { client, unwrap } from "@/lib/api-client";
import type { SessionMessage } from "@/lib/api-types";
import { queryKeys } from "@/lib/query-keys";

/** Messages per page of the Transcript tab; more load as the user scrolls. */
export const TRANSCRIPT_PAGE_SIZE = 200;

export interface TranscriptPage {
  items: SessionMessage[];
  nextCursor?: string | null;
  /** The messages the search and participant filter keep. */
  total: number;
}

/** GET /api/sessions/{id}/messages: a page of the transcript in order, searched (content or
 * speaker, case-insensitive) and filtered to one speaker on the server. */
export function getTranscriptPage(
  sessionId: string,
  search: string,
  speaker: string | null,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<TranscriptPage> {
  const q = search.trim();
  return unwrap(
    client.GET("/api/sessions/{session_id}/messages", {
      params: {
        path: { session_id: sessionId },
        query: {
          limit: TRANSCRIPT_PAGE_SIZE,
          ...(q ? { q } : {}),
          ...(speaker ? { speaker } : {}),
          ...(cursor ? { cursor } : {}),
        },
      },
      signal,
    }),
  ) as Promise<TranscriptPage>;
}

/** Under the session's own key, so whatever refreshes the session refreshes its pages. */
export function useTranscriptPages(sessionId: string, search: string, speaker: string | null) {
  return useInfiniteQuery({
    queryKey: [...queryKeys.session(sessionId), "messages", search.trim(), speaker] as const,
    queryFn: ({ pageParam, signal }) =>
      getTranscriptPage(sessionId, search, speaker, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? null,
    placeholderData: keepPreviousData,
  });
}
