import { describe, expect, it } from "vitest";
import type { Session } from "@/lib/api-types";
import { applyTakeover, MSG_EMPTY, MSG_TOO_LONG, questionProblem } from "./take-over";

describe("questionProblem", () => {
  it("refuses a blank question and one over 2000 characters after trimming", () => {
    expect(questionProblem("   ")).toBe(MSG_EMPTY);
    expect(questionProblem("a".repeat(2001))).toBe(MSG_TOO_LONG);
    expect(questionProblem(`  ${"a".repeat(2000)}  `)).toBeNull();
    expect(questionProblem("Why?")).toBeNull();
  });
});

describe("applyTakeover", () => {
  it("sets whether the researcher asks and the question waiting", () => {
    const session = { takenOver: false, typedQuestion: null } as unknown as Session;
    const taken = applyTakeover(session, { takenOver: true, typedQuestion: "Why?" });
    expect(taken.takenOver).toBe(true);
    expect(taken.typedQuestion).toBe("Why?");
    expect(applyTakeover(taken, { takenOver: false }).typedQuestion).toBeNull();
  });
});
