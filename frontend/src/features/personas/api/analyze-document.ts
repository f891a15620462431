import { mutationOptions, useMutation } from "@tanstack/react-query";
import { client, unwrap } from "@/lib/api-client";
import type { AnalyzeDocumentRequest, AnalyzeDocumentResponse } from "@/lib/api-types";

/** product-rules §7: traits come from the analysis text; unreadable ones keep `currentTraits`. */
export function analyzeDocument(request: AnalyzeDocumentRequest): Promise<AnalyzeDocumentResponse> {
  return unwrap(client.POST("/api/personas/analyze-document", { body: request }));
}

export const analyzeDocumentMutationOptions = () =>
  mutationOptions({ mutationKey: ["personas", "analyze-document"], mutationFn: analyzeDocument });

export function useAnalyzeDocument() {
  return useMutation(analyzeDocumentMutationOptions());
}
