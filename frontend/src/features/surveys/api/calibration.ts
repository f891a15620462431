import { useMutation } from "@tanstack/react-query";
import { client, formBody, unwrap } from "@/lib/api-client";
import type { components } from "@/lib/api-schema";

export type Calibration = components["schemas"]["CalibrationOut"];

/** POST /api/surveys/calibrate: people's own answers (CSV text,rating) rated by SSR. */
export function calibrate(file: File, scale: string): Promise<Calibration> {
  const formData = new FormData();
  formData.append("scale", scale);
  formData.append("file", file, file.name);
  return unwrap(client.POST("/api/surveys/calibrate", { body: formBody(formData) }));
}

export function useCalibrate() {
  return useMutation({
    mutationKey: ["surveys", "calibrate"],
    mutationFn: ({ file, scale }: { file: File; scale: string }) => calibrate(file, scale),
  });
}

/** How strong a correlation is, in words (Cohen's rough bands). */
export function strengthWords(r: number | null): string {
  if (r === null) return "cannot be computed (one side gives the same rating to every answer)";
  const size = Math.abs(r);
  const band = size >= 0.5 ? "strong" : size >= 0.3 ? "moderate" : size >= 0.1 ? "weak" : "no";
  return `${band} ${r < 0 ? "negative " : ""}agreement (r = ${r.toFixed(2)})`;
}
