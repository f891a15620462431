/** POST end: End Session stops, saves and completes the session. */
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { Session } from "@/lib/api-types";
import { refreshSession } from "./session-cache";

export function endSession(id: string): Promise<Session> {
  return api.post<Session>(`/sessions/${encodeURIComponent(id)}/end`);
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
