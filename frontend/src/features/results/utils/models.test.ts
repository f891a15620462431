import { ALL_MODELS, answerModels, onlyModel, UNKNOWN_MODEL } from "./models";

const M = [
  { id: "q", kind: "question" as const, model: null },
  { id: "a", kind: "response" as const, model: "beta" },
  { id: "b", kind: "response" as const, model: "alpha" },
  { id: "c", kind: "response" as const, model: null },
  { id: "d", kind: "response" as const, model: "beta" },
];

describe("answers by model", () => {
  it("lists the models in order of first answer, older answers as unknown", () => {
    expect(answerModels(M)).toEqual(["beta", "alpha", UNKNOWN_MODEL]);
  });

  it("keeps the moderator's posts with one model's answers", () => {
    expect(onlyModel(M, "beta").map((m) => m.id)).toEqual(["q", "a", "d"]);
    expect(onlyModel(M, ALL_MODELS)).toHaveLength(5);
  });
});
