import { describe, expect, it } from "vitest";
import { moderatorLabel, speakerLabel } from "./speakers";

const base = { personaId: null, participantIndex: null, speaker: "Moderator" } as const;

describe("speakerLabel", () => {
  it("reads a typed question as the researcher's, in any session", () => {
    expect(speakerLabel({ ...base, kind: "researcher" }, "interview")).toBe("Researcher");
  });

  it("reads the interviewer's questions and follow-ups as the Interviewer's", () => {
    expect(speakerLabel({ ...base, kind: "question" }, "interview")).toBe("Interviewer");
    expect(speakerLabel({ ...base, kind: "probe" }, "interview")).toBe("Interviewer");
    expect(speakerLabel({ ...base, kind: "summary" }, "interview")).toBe("Interviewer");
  });

  it("keeps the Moderator of a focus group and every persona's own name", () => {
    expect(speakerLabel({ ...base, kind: "probe" }, "group")).toBe("Moderator");
    expect(speakerLabel({ ...base, kind: "question" }, undefined)).toBe("Moderator");
    const answer = {
      kind: "response",
      personaId: "p1",
      participantIndex: 0,
      speaker: "Ana",
    } as const;
    expect(speakerLabel(answer, "interview")).toBe("Ana");
  });
});

describe("moderatorLabel", () => {
  it("names the asking side by the session's kind", () => {
    expect(moderatorLabel("interview")).toBe("Interviewer");
    expect(moderatorLabel("group")).toBe("Moderator");
  });
});
