import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { Session } from "@/lib/api-types";
import { queryKeys } from "@/lib/query-keys";

/** A new draft with the same setup, named '... (Copy)' (product-rules §4). */
export function duplicateSession(id: string): Promise<Session> {
  return api.post<Session>(`/sessions/${encodeURIComponent(id)}/duplicate`);
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
