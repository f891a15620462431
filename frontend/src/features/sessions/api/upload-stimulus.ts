import { mutationOptions, useMutation } from "@tanstack/react-query";
import { client, formBody, unwrap } from "@/lib/api-client";
import type { UploadResponse } from "@/lib/api-types";

/** Uploads one stimulus image (multipart field `file`); the answer's url serves it back. */
export function uploadStimulus(file: File): Promise<UploadResponse> {
  const formData = new FormData();
  formData.append("file", file, file.name);
  return unwrap(client.POST("/api/uploads", { body: formBody(formData) }));
}

export const uploadStimulusMutationOptions = () =>
  mutationOptions({ mutationKey: ["uploads"], mutationFn: uploadStimulus });

export function useUploadStimulus() {
  return useMutation(uploadStimulusMutationOptions());
}
