/** Take over an interview (docs/interviews.md): POST take-over, questions {text}, hand-back.
 * Each answers the session; the cache takes it (live events may overtake it, see
 * session-cache.ts, so it is refreshed as well). */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { client, unwrap } from "@/lib/api-client";
import type { Session } from "@/lib/api-types";
import { queryKeys } from "@/lib/query-keys";
import { mergeFetched } from "../utils/live-events";

const path = (id: string) => ({ params: { path: { session_id: id } } });

export function takeOver(id: string): Promise<Session> {
  return unwrap(client.POST("/api/sessions/{session_id}/take-over", path(id)));
}

export function askQuestion({ id, text }: { id: string; text: string }): Promise<Session> {
  return unwrap(
    client.POST("/api/sessions/{session_id}/questions", { ...path(id), body: { text } }),
  );
}

export function handBack(id: string): Promise<Session> {
  return unwrap(client.POST("/api/sessions/{session_id}/hand-back", path(id)));
}

function useSessionWrite<T>(mutationFn: (input: T) => Promise<Session>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (session) =>
      queryClient.setQueryData<Session>(queryKeys.session(session.id), (old) =>
        mergeFetched(old, session),
      ),
  });
}

export const useTakeOver = () => useSessionWrite(takeOver);
export const useAskQuestion = () => useSessionWrite(askQuestion);
export const useHandBack = () => useSessionWrite(handBack);
