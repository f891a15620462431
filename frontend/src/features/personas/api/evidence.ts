import {
  mutationOptions,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { client, formBody, noContent, unwrap } from "@/lib/api-client";
import type { components } from "@/lib/api-schema";
import type { AnalyzeDocumentResponse } from "@/lib/api-types";
import { queryKeys } from "@/lib/query-keys";

export type Evidence = components["schemas"]["EvidenceOut"];
export type EvidencePreview = components["schemas"]["EvidencePreviewOut"];

const persona = (personaId: string) => ({ params: { path: { persona_id: personaId } } });
export const evidenceKey = (personaId: string) => ["personas", personaId, "evidence"] as const;

export const evidenceQueryOptions = (personaId: string) =>
  queryOptions({
    queryKey: evidenceKey(personaId),
    queryFn: ({ signal }) =>
      unwrap(client.GET("/api/personas/{persona_id}/evidence", { ...persona(personaId), signal })),
  });

export function useEvidence(personaId: string) {
  return useQuery(evidenceQueryOptions(personaId));
}

export function uploadEvidence({
  personaId,
  file,
}: {
  personaId: string;
  file: File;
}): Promise<Evidence> {
  const formData = new FormData();
  formData.append("file", file, file.name);
  return unwrap(
    client.POST("/api/personas/{persona_id}/evidence", {
      ...persona(personaId),
      body: formBody(formData),
    }),
  );
}

export function removeEvidence({
  personaId,
  id,
}: {
  personaId: string;
  id: string;
}): Promise<void> {
  return noContent(
    client.DELETE("/api/personas/{persona_id}/evidence/{evidence_id}", {
      params: { path: { persona_id: personaId, evidence_id: id } },
    }),
  );
}

export function previewEvidence({
  personaId,
  question,
}: {
  personaId: string;
  question: string;
}): Promise<EvidencePreview> {
  return unwrap(
    client.POST("/api/personas/{persona_id}/evidence/preview", {
      ...persona(personaId),
      body: { question },
    }),
  );
}

/** Upload and removal refresh the list and the library (its cards show the tier). */
function useEvidenceMutation<TVars extends { personaId: string }, TData>(
  key: string,
  fn: (vars: TVars) => Promise<TData>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...mutationOptions({ mutationKey: ["evidence", key], mutationFn: fn }),
    onSettled: (_data, _error, vars) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: evidenceKey(vars.personaId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.personas, exact: true }),
      ]),
  });
}

export const useUploadEvidence = () => useEvidenceMutation("upload", uploadEvidence);
export const useRemoveEvidence = () => useEvidenceMutation("remove", removeEvidence);

export function usePreviewEvidence() {
  return useMutation({ mutationKey: ["evidence", "preview"], mutationFn: previewEvidence });
}

/** AI Assist on the persona's own evidence: suggested traits for the form (nothing saved). */
export function useAssistFromEvidence() {
  return useMutation({
    mutationKey: ["evidence", "assist"],
    mutationFn: (personaId: string): Promise<AnalyzeDocumentResponse> =>
      unwrap(client.POST("/api/personas/{persona_id}/evidence/assist", persona(personaId))),
  });
}
