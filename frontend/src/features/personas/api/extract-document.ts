import { mutationOptions, useMutation } from "@tanstack/react-query";
import { client, formBody, unwrap } from "@/lib/api-client";
import type { ExtractDocumentResponse } from "@/lib/api-types";

/** Uploads a document (multipart field `file`) and returns its text. */
export function extractDocument(file: File): Promise<ExtractDocumentResponse> {
  const formData = new FormData();
  formData.append("file", file, file.name);
  return unwrap(client.POST("/api/documents/extract", { body: formBody(formData) }));
}

export const extractDocumentMutationOptions = () =>
  mutationOptions({ mutationKey: ["documents", "extract"], mutationFn: extractDocument });

export function useExtractDocument() {
  return useMutation(extractDocumentMutationOptions());
}
