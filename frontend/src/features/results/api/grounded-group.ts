import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { client, unwrap } from "@/lib/api-client";
import type { components } from "@/lib/api-schema";
import type { Session } from "@/lib/api-types";
import { queryKeys } from "@/lib/query-keys";

export type PersonasFromGroup = components["schemas"]["PersonasFromGroupOut"];
export type ReplaySimilarity = components["schemas"]["ReplaySimilarityOut"];

const session = (id: string) => ({ params: { path: { session_id: id } } });

/** "Create personas from these participants" on an imported human group. */
export function useCreateGroupPersonas(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["sessions", "grounded-personas", sessionId],
    mutationFn: (): Promise<PersonasFromGroup> =>
      unwrap(client.POST("/api/sessions/{session_id}/grounded-personas", session(sessionId))),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.session(sessionId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.personas }),
      ]),
  });
}

/** "Replay with grounded personas": a new session, already running; on the held-out
 * questions unless `inSample` (the questions whose answers the personas learnt from). */
export function useReplayGroup(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["sessions", "replay", sessionId],
    mutationFn: (inSample: boolean = false): Promise<Session> =>
      unwrap(
        client.POST("/api/sessions/{session_id}/replay", {
          ...session(sessionId),
          body: { inSample },
        }),
      ),
    onSuccess: (session) => {
      queryClient.setQueryData(queryKeys.session(session.id), session);
      void queryClient.invalidateQueries({ queryKey: queryKeys.sessionSummaries });
    },
  });
}

export function useReplaySimilarity(sessionId: string, enabled: boolean) {
  return useQuery({
    queryKey: ["sessions", sessionId, "replay-similarity"],
    queryFn: ({ signal }): Promise<ReplaySimilarity> =>
      unwrap(
        client.GET("/api/sessions/{session_id}/replay-similarity", {
          ...session(sessionId),
          signal,
        }),
      ),
    enabled,
  });
}
