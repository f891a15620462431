/** POST run: starts or resumes the run (also the product's Retry); idempotent on the server. */
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { client, unwrap } from "@/lib/api-client";
import type { Session } from "@/lib/api-types";
import { refreshSession } from "./session-cache";

export function runSession(id: string): Promise<Session> {
  return unwrap(
    client.POST("/api/sessions/{session_id}/run", { params: { path: { session_id: id } } }),
  );
}

export const runSessionMutationOptions = () =>
  mutationOptions({ mutationKey: ["sessions", "run"], mutationFn: runSession });

export function useRunSession() {
  const queryClient = useQueryClient();
  return useMutation({
    ...runSessionMutationOptions(),
    onSuccess: (_session, id) => refreshSession(queryClient, id),
  });
}
