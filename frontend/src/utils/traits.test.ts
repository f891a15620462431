import { completeTraits, TRAIT_KEYS, TRAIT_LABELS, traitValue } from "./traits";

describe("traitValue", () => {
  it("returns the stored value", () => {
    expect(traitValue({ openness: 72 }, "openness")).toBe(72);
    expect(traitValue({ openness: 0 }, "openness")).toBe(0);
  });

  it("counts a missing trait as 50", () => {
    expect(traitValue({}, "neuroticism")).toBe(50);
    expect(traitValue(undefined, "openness")).toBe(50);
    expect(traitValue(null, "openness")).toBe(50);
    expect(traitValue({ openness: Number.NaN }, "openness")).toBe(50);
  });

  it("clamps to 0-100", () => {
    expect(traitValue({ openness: 140 }, "openness")).toBe(100);
    expect(traitValue({ openness: -3 }, "openness")).toBe(0);
  });
});

describe("completeTraits", () => {
  it("fills every missing trait with 50", () => {
    expect(completeTraits({ extraversion: 10 })).toEqual({
      openness: 50,
      conscientiousness: 50,
      extraversion: 10,
      agreeableness: 50,
      neuroticism: 50,
    });
  });

  it("lists the Big Five in order with labels", () => {
    expect(TRAIT_KEYS.map((k) => TRAIT_LABELS[k])).toEqual([
      "Openness",
      "Conscientiousness",
      "Extraversion",
      "Agreeableness",
      "Neuroticism",
    ]);
  });
});
