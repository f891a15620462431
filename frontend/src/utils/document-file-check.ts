/** Client-side check of a document before it is sent to /api/documents/extract (product-rules §5). */

export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
export const MAX_FILENAME_LENGTH = 255;

const SUPPORTED_LABEL = "PDF, DOCX, TXT, CSV, JPG, PNG, WEBP, GIF";

const SUPPORTED_MIME_TYPES = new Set([
  "application/pdf",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  "text/plain",
  "text/csv",
  "application/csv",
  "image/jpeg",
  "image/png",
  "image/webp",
  "image/gif",
]);

const SUPPORTED_EXTENSIONS = new Set([
  "pdf",
  "docx",
  "txt",
  "csv",
  "jpg",
  "jpeg",
  "png",
  "webp",
  "gif",
]);

/** The value of the file input's `accept` attribute. */
export const DOCUMENT_ACCEPT = [
  ".pdf",
  ".docx",
  ".txt",
  ".csv",
  ".jpg",
  ".jpeg",
  ".png",
  ".webp",
  ".gif",
  ...SUPPORTED_MIME_TYPES,
].join(",");

export interface FileLike {
  name: string;
  size: number;
  type: string;
}

export type FileCheckResult = { ok: true } | { ok: false; message: string };

function extension(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot >= 0 ? name.slice(dot + 1).toLowerCase() : "";
}

/**
 * Checks presence, size (10MB), type and filename length, in that order, and returns the
 * product's message for the first failure. A file is accepted when either its MIME type or its
 * extension is supported (browsers report an empty or vendor type for some CSV/DOCX files).
 */
export function checkDocumentFile(file: FileLike | null | undefined): FileCheckResult {
  if (!file) return { ok: false, message: "No file selected" };
  if (file.size > MAX_DOCUMENT_BYTES) {
    const mb = (file.size / (1024 * 1024)).toFixed(2);
    return { ok: false, message: `File too large (${mb} MB). Maximum 10MB allowed.` };
  }
  const type = file.type.toLowerCase();
  if (!SUPPORTED_MIME_TYPES.has(type) && !SUPPORTED_EXTENSIONS.has(extension(file.name))) {
    const shown = file.type || extension(file.name) || "unknown";
    return { ok: false, message: `Invalid file type: ${shown}. Supported: ${SUPPORTED_LABEL}` };
  }
  if (file.name.length > MAX_FILENAME_LENGTH) {
    return { ok: false, message: "Filename too long (max 255 characters)" };
  }
  return { ok: true };
}
