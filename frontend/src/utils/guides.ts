/**
 * Discussion guides as files (docs/guides.md): a session's setup saved as a YAML guide, and a
 * guide file read back into the create form's setup.
 */
import { client, unwrap } from "@/lib/api-client";
import type { components } from "@/lib/api-schema";
import type { SessionCreateInput } from "@/lib/api-types";

export type GuideFile = components["schemas"]["GuideFileOut"];
export type GuideForm = components["schemas"]["GuideFormOut"];

/** The server reads guides of at most 1 MB. */
export const GUIDE_MAX_BYTES = 1_000_000;
export const GUIDE_ACCEPT = ".yaml,.yml,.json,application/json,application/yaml,text/yaml";

export const sessionGuide = (id: string): Promise<GuideFile> =>
  unwrap(client.GET("/api/sessions/{session_id}/guide", { params: { path: { session_id: id } } }));
export const guideFromSetup = (setup: SessionCreateInput): Promise<GuideFile> =>
  unwrap(client.POST("/api/guides/from-setup", { body: setup }));
export const readGuide = (text: string): Promise<GuideForm> =>
  unwrap(client.POST("/api/guides/read", { body: { text } }));

/** A file's text (FileReader: every browser, and the test DOM, which has no Blob.text). */
export function fileText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ""));
    reader.onerror = () => reject(reader.error ?? new Error("Could not read the file"));
    reader.readAsText(file);
  });
}

/** Saves `text` as a file named `filename` through the browser's download. */
export function downloadText(filename: string, text: string, type = "application/yaml"): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
