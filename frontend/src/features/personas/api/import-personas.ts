import { useMutation, useQueryClient } from "@tanstack/react-query";
import { API_BASE, client, formBody, unwrap } from "@/lib/api-client";
import type { PersonaImportResult } from "@/lib/api-types";
import { queryKeys } from "@/lib/query-keys";

/** POST /api/personas/import: a CSV or JSON file; `dryRun` only checks and previews. */
export function importPersonas(file: File, dryRun: boolean): Promise<PersonaImportResult> {
  const formData = new FormData();
  formData.append("file", file, file.name);
  return unwrap(
    client.POST("/api/personas/import", {
      params: { query: { dryRun } },
      body: formBody(formData),
    }),
  );
}

export function usePreviewImport() {
  return useMutation({
    mutationKey: ["personas", "import", "preview"],
    mutationFn: (file: File) => importPersonas(file, true),
  });
}

export function useImportPersonas() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["personas", "import"],
    mutationFn: (file: File) => importPersonas(file, false),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.personas }),
  });
}

export const PERSONA_TEMPLATE_URL = `${API_BASE}/personas/import-template.csv`;

/** GET /api/personas/export.{csv,json}: the selected personas (by id or tag), else all. */
export function personasExportUrl(
  format: "csv" | "json",
  options: { ids?: readonly string[]; tag?: string; includeEvidence?: boolean } = {},
): string {
  const params = new URLSearchParams();
  if (options.ids && options.ids.length > 0) params.set("ids", options.ids.join(","));
  if (options.tag) params.set("tag", options.tag);
  if (options.includeEvidence && format === "json") params.set("includeEvidence", "true");
  const query = params.toString();
  return `${API_BASE}/personas/export.${format}${query ? `?${query}` : ""}`;
}
