import {
  overallProgressLabel,
  questionLabel,
  roundLabel,
  stepLabel,
  tokensLabel,
  turnLabel,
} from "./progress";

describe("progress labels", () => {
  it("shows N / (questions x participants x 3) responses", () => {
    expect(overallProgressLabel({ responses: 7, total: 18 })).toBe("7 / 18 responses");
  });

  it("numbers questions from 1", () => {
    expect(questionLabel(0, 2)).toBe("1 of 2");
    expect(questionLabel(1, 2)).toBe("2 of 2");
    expect(questionLabel(5, 2)).toBe("2 of 2");
    expect(questionLabel(0, 0)).toBe("0 of 0");
  });

  it("labels round 1 as initial responses and later rounds as multi-turn dialog", () => {
    expect(roundLabel(0)).toBe("Discussion Round 1 of 3 (Initial Responses)");
    expect(roundLabel(1)).toBe("Discussion Round 2 of 3 (Multi-turn Dialog)");
    expect(roundLabel(2)).toBe("Discussion Round 3 of 3 (Multi-turn Dialog)");
  });

  it("shows tokens as an approximate count", () => {
    expect(tokensLabel(636)).toBe("~636");
    expect(tokensLabel(12345)).toBe("~12,345");
  });
});

describe("natural mode turns", () => {
  it("shows 'Turn t of ~n on this question', clamped, instead of the round", () => {
    expect(turnLabel(7, 15)).toBe("Turn 7 of ~15 on this question");
    expect(turnLabel(20, 15)).toBe("Turn 15 of ~15 on this question");
    expect(stepLabel({ round: 6, turn: 7, turnBudget: 15 })).toBe("Turn 7 of ~15 on this question");
    expect(stepLabel({ round: 1, turn: null, turnBudget: null })).toBe(roundLabel(1));
  });
});

describe("an interview's step", () => {
  it("names the guide's question, then each follow-up on the topic", () => {
    const at = (round: number) => ({ round, turn: null, turnBudget: null });
    expect(stepLabel(at(0), "interview")).toBe("The guide's question");
    expect(stepLabel(at(2), "interview")).toBe("Follow-up 2 on this topic");
    expect(stepLabel(at(2))).toBe("Discussion Round 3 of 3 (Multi-turn Dialog)");
  });
});
