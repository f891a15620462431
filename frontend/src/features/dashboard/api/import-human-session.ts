import { useMutation, useQueryClient } from "@tanstack/react-query";
import { client, formBody, unwrap } from "@/lib/api-client";
import type { components } from "@/lib/api-schema";
import { queryKeys } from "@/lib/query-keys";

export type HumanImport = components["schemas"]["HumanImportOut"];

export interface HumanImportInput {
  file: File;
  name: string;
  moderator: string;
}

/** POST /api/sessions/import: a real focus group's transcript; `dryRun` only previews. */
export function importHumanSession(input: HumanImportInput, dryRun: boolean): Promise<HumanImport> {
  const formData = new FormData();
  if (input.name.trim()) formData.append("name", input.name.trim());
  if (input.moderator.trim()) formData.append("moderator", input.moderator.trim());
  formData.append("file", input.file, input.file.name);
  return unwrap(client.POST("/api/sessions/import", { params: { query: { dryRun } }, body: formBody(formData) }));
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
