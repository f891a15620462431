/** POST save: stores the token estimate without changing the status. */
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { client, unwrap } from "@/lib/api-client";
import type { Session } from "@/lib/api-types";
import { refreshSession } from "./session-cache";

export function saveSession(id: string): Promise<Session> {
  return unwrap(
    client.POST("/api/sessions/{session_id}/save", { params: { path: { session_id: id } } }),
  );
}

export const saveSessionMutationOptions = () =>
  mutationOptions({ mutationKey: ["sessions", "save"], mutationFn: saveSession });

export function useSaveSession() {
  const queryClient = useQueryClient();
  return useMutation({
    ...saveSessionMutationOptions(),
    onSuccess: (_session, id) => refreshSession(queryClient, id),
  });
}
