import { useMutation, useQueryClient } from "@tanstack/react-query";
import { client, formBody, unwrap } from "@/lib/api-client";
import type { components } from "@/lib/api-schema";
import { queryKeys } from "@/lib/query-keys";

export type SurveyImport = components["schemas"]["PersonasFromSurveyOut"];
export const COLUMN_USES = [
  "name",
  "age",
  "gender",
  "location",
  "income",
  "evidence",
  "ignore",
] as const;

/** POST /api/personas/from-survey: a survey export CSV, one persona per row. */
export function importSurvey(file: File, mapping: Record<string, string> | null, dryRun: boolean) {
  const formData = new FormData();
  formData.append("file", file, file.name);
  if (mapping) formData.append("mapping", JSON.stringify(mapping));
  const query = { dryRun: dryRun || undefined };
  return unwrap(
    client.POST("/api/personas/from-survey", { params: { query }, body: formBody(formData) }),
  );
}

export function usePreviewSurveyImport() {
  return useMutation({
    mutationKey: ["personas", "from-survey", "preview"],
    mutationFn: (v: { file: File; mapping: Record<string, string> | null }) =>
      importSurvey(v.file, v.mapping, true),
  });
}

export function useSurveyImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["personas", "from-survey"],
    mutationFn: (v: { file: File; mapping: Record<string, string> }) =>
      importSurvey(v.file, v.mapping, false),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.personas }),
  });
}
