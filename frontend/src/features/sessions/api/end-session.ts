/** POST end: End Session stops, saves and completes the session. */
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { client, unwrap } from "@/lib/api-client";
import type { Session } from "@/lib/api-types";
import { refreshSession } from "./session-cache";

export function endSession(id: string): Promise<Session> {
  return unwrap(
    client.POST("/api/sessions/{session_id}/end", { params: { path: { session_id: id } } }),
  );
}

export const endSessionMutationOptions = () =>
  mutationOptions({ mutationKey: ["sessions", "end"], mutationFn: endSession });

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    ...endSessionMutationOptions(),
    onSuccess: (_session, id) => refreshSession(queryClient, id),
  });
}
