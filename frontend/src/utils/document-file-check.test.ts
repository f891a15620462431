import { checkDocumentFile, MAX_DOCUMENT_BYTES } from "./document-file-check";

const file = (name: string, type: string, size = 1024) => ({ name, type, size });

describe("checkDocumentFile", () => {
  it("requires a file", () => {
    expect(checkDocumentFile(null)).toEqual({ ok: false, message: "No file selected" });
    expect(checkDocumentFile(undefined)).toEqual({ ok: false, message: "No file selected" });
  });

  it("rejects files over 10MB with the size in MB", () => {
    expect(checkDocumentFile(file("big.pdf", "application/pdf", 12.5 * 1024 * 1024))).toEqual({
      ok: false,
      message: "File too large (12.50 MB). Maximum 10MB allowed.",
    });
    expect(checkDocumentFile(file("edge.pdf", "application/pdf", MAX_DOCUMENT_BYTES)).ok).toBe(
      true,
    );
  });

  it("rejects unsupported types naming the type", () => {
    expect(checkDocumentFile(file("app.exe", "application/x-msdownload"))).toEqual({
      ok: false,
      message:
        "Invalid file type: application/x-msdownload. Supported: PDF, DOCX, TXT, CSV, JPG, PNG, WEBP, GIF",
    });
    expect(checkDocumentFile(file("notes.md", ""))).toEqual({
      ok: false,
      message: "Invalid file type: md. Supported: PDF, DOCX, TXT, CSV, JPG, PNG, WEBP, GIF",
    });
  });

  it.each([
    ["a.pdf", "application/pdf"],
    ["a.docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
    ["a.txt", "text/plain"],
    ["a.csv", "text/csv"],
    ["a.csv", "application/vnd.ms-excel"],
    ["a.jpg", "image/jpeg"],
    ["a.png", "image/png"],
    ["a.webp", "image/webp"],
    ["a.gif", "image/gif"],
    ["a.DOCX", ""],
  ])("accepts %s (%s)", (name, type) => {
    expect(checkDocumentFile(file(name, type))).toEqual({ ok: true });
  });

  it("rejects filenames over 255 characters", () => {
    expect(checkDocumentFile(file(`${"a".repeat(251)}.txt`, "text/plain")).ok).toBe(true);
    expect(checkDocumentFile(file(`${"a".repeat(252)}.txt`, "text/plain"))).toEqual({
      ok: false,
      message: "Filename too long (max 255 characters)",
    });
  });
});
