import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { client, noContent } from "@/lib/api-client";
import type { SessionSummary } from "@/lib/api-types";
import { queryKeys } from "@/lib/query-keys";

/** Deletes a session with all its messages (permanent). */
export function deleteSession(id: string): Promise<void> {
  return noContent(
    client.DELETE("/api/sessions/{session_id}", { params: { path: { session_id: id } } }),
  );
}

export const deleteSessionMutationOptions = () =>
  mutationOptions({ mutationKey: ["sessions", "delete"], mutationFn: deleteSession });

export function useDeleteSession() {
  const queryClient = useQueryClient();
  return useMutation({
    ...deleteSessionMutationOptions(),
    onSuccess: (_data, id) => {
      queryClient.setQueryData<SessionSummary[]>(queryKeys.sessionSummaries, (old) =>
        old?.filter((s) => s.id !== id),
      );
      queryClient.removeQueries({ queryKey: queryKeys.session(id) });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.sessionSummaries }),
  });
}
