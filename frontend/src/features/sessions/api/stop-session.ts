/** POST stop: the current answer is dropped; the run halts with 'Session stopped by user'. */
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { client, unwrap } from "@/lib/api-client";
import type { Session } from "@/lib/api-types";
import { refreshSession } from "./session-cache";

export function stopSession(id: string): Promise<Session> {
  return unwrap(
    client.POST("/api/sessions/{session_id}/stop", { params: { path: { session_id: id } } }),
  );
}

export const stopSessionMutationOptions = () =>
  mutationOptions({ mutationKey: ["sessions", "stop"], mutationFn: stopSession });

export function useStopSession() {
  const queryClient = useQueryClient();
  return useMutation({
    ...stopSessionMutationOptions(),
    onSuccess: (_session, id) => refreshSession(queryClient, id),
  });
}
