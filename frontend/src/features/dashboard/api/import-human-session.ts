import { useMutation, useQueryClient } from "@tanstack/react-query";
import { client, formBody, unwrap } from "@/lib/api-client";
import type { components } from "@/lib/api-schema";
import { queryKeys } from "@/lib/query-keys";

export type HumanImport = components["schemas"]["HumanImportOut"];
export type ModeratorTurn = components["schemas"]["ModeratorTurnOut"];

export interface HumanImportInput {
  file: File;
  name: string;
  moderator: string;
  /** The moderator turns (0-based turn numbers) that open a question, as corrected. */
  questionStarts?: number[];
  /** "interview": a two-speaker interview, `moderator` naming its interviewer. */
  kind?: "group" | "interview";
}

/** POST /api/sessions/import: a real focus group's or interview's transcript; `dryRun` only
 * previews. */
export function importHumanSession(input: HumanImportInput, dryRun: boolean): Promise<HumanImport> {
  const formData = new FormData();
  if (input.name.trim()) formData.append("name", input.name.trim());
  if (input.moderator.trim()) formData.append("moderator", input.moderator.trim());
  if (input.questionStarts) formData.append("questionStarts", JSON.stringify(input.questionStarts));
  if (input.kind === "interview") formData.append("kind", "interview");
  formData.append("file", input.file, input.file.name);
  return unwrap(
    client.POST("/api/sessions/import", {
      params: { query: { dryRun } },
      body: formBody(formData),
    }),
  );
}

export function usePreviewHumanSession() {
  return useMutation({
    mutationKey: ["sessions", "import", "preview"],
    mutationFn: (input: HumanImportInput) => importHumanSession(input, true),
  });
}

export function useImportHumanSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["sessions", "import"],
    mutationFn: (input: HumanImportInput) => importHumanSession(input, false),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.sessionSummaries }),
  });
}
