import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { client, unwrap } from "@/lib/api-client";
import type { Session } from "@/lib/api-types";
import { queryKeys } from "@/lib/query-keys";

/** A new draft with the same setup, named '... (Copy)' (product-rules §4). */
export function duplicateSession(id: string): Promise<Session> {
  return unwrap(
    client.POST("/api/sessions/{session_id}/duplicate", { params: { path: { session_id: id } } }),
  );
}

export const duplicateSessionMutationOptions = () =>
  mutationOptions({ mutationKey: ["sessions", "duplicate"], mutationFn: duplicateSession });

export function useDuplicateSession() {
  const queryClient = useQueryClient();
  return useMutation({
    ...duplicateSessionMutationOptions(),
    onSuccess: (session) => {
      queryClient.setQueryData(queryKeys.session(session.id), session);
      void queryClient.invalidateQueries({ queryKey: queryKeys.sessionSummaries });
    },
  });
}
