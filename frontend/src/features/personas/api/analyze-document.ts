import { mutationOptions, useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { AnalyzeDocumentRequest, AnalyzeDocumentResponse } from "@/lib/api-types";

/** product-rules §7: traits come from the analysis text; unreadable ones keep `currentTraits`. */
export function analyzeDocument(request: AnalyzeDocumentRequest): Promise<AnalyzeDocumentResponse> {
  return api.post<AnalyzeDocumentResponse>("/personas/analyze-document", request);
}

export const analyzeDocumentMutationOptions = () =>
  mutationOptions({ mutationKey: ["personas", "analyze-document"], mutationFn: analyzeDocument });

export function useAnalyzeDocument() {
  return useMutation(analyzeDocumentMutationOptions());
}
