import type { QueryClient } from "@tanstack/react-query";
import type { Session } from "@/lib/api-types";
import { queryKeys } from "@/lib/query-keys";
import { mergeFetched } from "../utils/live-events";

/** Stores a session the client did not have yet (just created) and marks the dashboard's
 * list stale. */
export function storeSession(queryClient: QueryClient, session: Session): void {
  queryClient.setQueryData<Session>(queryKeys.session(session.id), (old) =>
    mergeFetched(old, session),
  );
  void queryClient.invalidateQueries({ queryKey: queryKeys.sessionSummaries });
}

/**
 * Refetches a session after a write (run, stop, save, end) or a status change. The write's
 * own answer is not stored: it is a snapshot that live events may already have overtaken
 * (e.g. the run failing at once), while a fetch issued now sees at least everything those
 * events announced. A fetch still in flight is cancelled and reissued.
 */
export function refreshSession(queryClient: QueryClient, id: string): void {
  void queryClient.invalidateQueries({ queryKey: queryKeys.session(id), exact: true });
  void queryClient.invalidateQueries({ queryKey: queryKeys.sessionSummaries });
}

/** Updates the cached session, if there is one. */
export function updateSession(
  queryClient: QueryClient,
  id: string,
  update: (session: Session) => Session,
): void {
  queryClient.setQueryData<Session>(queryKeys.session(id), (old) => (old ? update(old) : old));
}
