import { useMutation, useQueryClient } from "@tanstack/react-query";
import { client, unwrap } from "@/lib/api-client";
import type { Session, SessionRerunInput } from "@/lib/api-types";
import { queryKeys } from "@/lib/query-keys";

/** Run a completed session again on another model: a copy, running, with the model pinned. */
export function rerunSession(id: string, input: SessionRerunInput | null): Promise<Session> {
  return unwrap(
    client.POST("/api/sessions/{session_id}/rerun", {
      params: { path: { session_id: id } },
      body: input ?? undefined,
    }),
  );
}

export function useRerunSession(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["sessions", "rerun", id],
    mutationFn: (input: SessionRerunInput | null) => rerunSession(id, input),
    onSuccess: (session) => {
      queryClient.setQueryData(queryKeys.session(session.id), session);
      void queryClient.invalidateQueries({ queryKey: queryKeys.sessionSummaries });
    },
  });
}

/** 'openai · gpt-4o-mini' */
export function modelLabel(model: { provider: string; name: string } | null | undefined): string {
  if (!model) return "";
  return model.provider ? `${model.provider} · ${model.name}` : model.name;
}
