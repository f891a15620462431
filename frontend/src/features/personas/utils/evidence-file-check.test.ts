import { describe, expect, it } from "vitest";
import { checkEvidenceFile } from "./evidence-file-check";

describe("checkEvidenceFile", () => {
  it("accepts the evidence types under 10 MB", () => {
    for (const name of ["a.txt", "b.DOCX", "c.pdf", "d.csv", "e.md"]) {
      expect(checkEvidenceFile({ name, size: 100 }, 0)).toEqual({ ok: true });
    }
  });

  it("names the problem", () => {
    expect(checkEvidenceFile(null, 0)).toEqual({ ok: false, message: "No file selected" });
    expect(checkEvidenceFile({ name: "x.png", size: 1 }, 0)).toEqual({
      ok: false,
      message: "Invalid file type: .png. Supported: TXT, DOCX, PDF, CSV, MD",
    });
    expect(checkEvidenceFile({ name: "x.txt", size: 11 * 1024 * 1024 }, 0)).toEqual({
      ok: false,
      message: "File too large (11.00 MB). Maximum 10MB allowed.",
    });
    expect(checkEvidenceFile({ name: "x.txt", size: 1 }, 20)).toEqual({
      ok: false,
      message: "x.txt: a persona holds at most 20 evidence documents; remove one first",
    });
  });
});
