import { answer, makeMessage } from "../testing/fixtures";
import { participantModels } from "./participant-models";

const on = (p: number, model: string | null, id: string) => ({
  ...answer(p, 0, 0, "x"),
  id,
  model,
});

describe("participantModels", () => {
  it("maps each participant to the model of their latest answer when the panel is mixed", () => {
    const models = participantModels([
      makeMessage({ id: "q", model: null }),
      on(0, "alpha-model", "a"),
      on(1, "beta-model", "b"),
      on(2, "alpha-model", "c"),
      on(1, "gamma-model", "d"),
    ]);
    expect(models && Object.fromEntries(models)).toEqual({
      p1: "alpha-model",
      p2: "gamma-model",
      p3: "alpha-model",
    });
  });

  it("shows nothing for a panel on one model, or before any answer names a model", () => {
    expect(participantModels([on(0, "alpha-model", "a"), on(1, "alpha-model", "b")])).toBeNull();
    expect(participantModels([on(0, null, "a"), on(1, null, "b")])).toBeNull();
    expect(participantModels([])).toBeNull();
  });
});
