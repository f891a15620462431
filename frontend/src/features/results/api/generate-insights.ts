import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { client, unwrap } from "@/lib/api-client";
import type { Session, SessionHeader, SessionInsights } from "@/lib/api-types";
import { queryKeys } from "@/lib/query-keys";
import { sessionHeaderKey } from "./get-session";

/** Generates (or regenerates) the session's AI insights; the server stores them. */
export function generateInsights(id: string): Promise<SessionInsights> {
  return unwrap(
    client.POST("/api/sessions/{session_id}/insights", { params: { path: { session_id: id } } }),
  );
}

export const generateInsightsMutationOptions = (id: string) =>
  mutationOptions({
    mutationKey: ["sessions", id, "insights"],
    mutationFn: () => generateInsights(id),
  });

export function useGenerateInsights(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...generateInsightsMutationOptions(id),
    onSuccess: (insights) => {
      queryClient.setQueryData<Session>(queryKeys.session(id), (session) =>
        session ? { ...session, insights } : session,
      );
      queryClient.setQueryData<SessionHeader>(sessionHeaderKey(id), (header) =>
        header ? { ...header, insights } : header,
      );
    },
  });
}
