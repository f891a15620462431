/** Browser check of an evidence document before upload; the server checks again. */

export const EVIDENCE_MAX_BYTES = 10 * 1024 * 1024;
export const EVIDENCE_MAX_DOCUMENTS = 20;
export const EVIDENCE_EXTENSIONS = ["txt", "docx", "pdf", "csv", "md"] as const;
export const EVIDENCE_ACCEPT = EVIDENCE_EXTENSIONS.map((e) => `.${e}`).join(",");

export type EvidenceCheck = { ok: true } | { ok: false; message: string };

export function checkEvidenceFile(
  file: { name: string; size: number } | null,
  existingDocuments: number,
): EvidenceCheck {
  if (!file) return { ok: false, message: "No file selected" };
  const ext = file.name.includes(".") ? file.name.split(".").pop()!.toLowerCase() : "";
  if (!(EVIDENCE_EXTENSIONS as readonly string[]).includes(ext)) {
    return {
      ok: false,
      message: `Invalid file type: ${ext ? `.${ext}` : file.name}. Supported: TXT, DOCX, PDF, CSV, MD`,
    };
  }
  if (file.size > EVIDENCE_MAX_BYTES) {
    const mb = (file.size / (1024 * 1024)).toFixed(2);
    return { ok: false, message: `File too large (${mb} MB). Maximum 10MB allowed.` };
  }
  if (existingDocuments >= EVIDENCE_MAX_DOCUMENTS) {
    return {
      ok: false,
      message: `${file.name}: a persona holds at most 20 evidence documents; remove one first`,
    };
  }
  return { ok: true };
}
