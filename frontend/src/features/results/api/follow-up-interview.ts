import { useMutation, useQueryClient } from "@tanstack/react-query";
import { client, unwrap } from "@/lib/api-client";
import type { components } from "@/lib/api-schema";
import type { Session } from "@/lib/api-types";
import { queryKeys } from "@/lib/query-keys";

export type FollowUpInterviewInput = components["schemas"]["FollowUpInterviewCreate"];

/** POST /api/sessions/{id}/follow-up-interviews: an interview with one participant of this
 * completed focus group, whose persona remembers the group (docs/interviews.md). */
export function createFollowUpInterview(
  groupId: string,
  input: FollowUpInterviewInput,
): Promise<Session> {
  return unwrap(
    client.POST("/api/sessions/{session_id}/follow-up-interviews", {
      params: { path: { session_id: groupId } },
      body: input,
    }),
  );
}

export function useCreateFollowUpInterview(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["sessions", "follow-up-interview", groupId],
    mutationFn: (input: FollowUpInterviewInput) => createFollowUpInterview(groupId, input),
    onSuccess: (interview) => {
      queryClient.setQueryData(queryKeys.session(interview.id), interview);
      void queryClient.invalidateQueries({ queryKey: queryKeys.session(groupId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.sessionSummaries });
    },
  });
}

/** The guide typed in the dialog: one question or topic per line, blank lines dropped. */
export function guideLines(text: string): string[] {
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
}
