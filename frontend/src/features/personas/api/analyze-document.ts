import { mutationOptions, useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { AnalyzeDocumentResponse } from "@/lib/api-types";

export function analyzeDocument(documentText: string): Promise<AnalyzeDocumentResponse> {
  return api.post<AnalyzeDocumentResponse>("/personas/analyze-document", { documentText });
}

export const analyzeDocumentMutationOptions = () =>
  mutationOptions({ mutationKey: ["personas", "analyze-document"], mutationFn: analyzeDocument });

export function useAnalyzeDocument() {
  return useMutation(analyzeDocumentMutationOptions());
}
