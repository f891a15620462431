import type { DiversityInput } from "./diversity";
import { diversityLabel, diversityScore, roundHalfUp, traitDiversity } from "./diversity";

/** Same cases and numbers as the server's tests/domain/test_diversity.py. */
function p(
  age: number,
  gender: string,
  location: string,
  income: string,
  o: number,
  c: number,
  e: number,
  a: number,
  n: number,
): DiversityInput {
  return {
    age,
    gender,
    location,
    income,
    traits: {
      openness: o,
      conscientiousness: c,
      extraversion: e,
      agreeableness: a,
      neuroticism: n,
    },
  };
}

describe("diversityScore", () => {
  it("matches the hand-computed pair", () => {
    const result = diversityScore([
      p(25, "Male", "Austin, TX", "$30-60k", 10, 50, 30, 40, 45),
      p(55, "Female", "Boston, MA", "$30-60k", 90, 50, 70, 60, 55),
    ]);
    expect(result.traitDiversity).toEqual({
      openness: 100,
      conscientiousness: 0,
      extraversion: 50,
      agreeableness: 25,
      neuroticism: 13,
    });
    expect(result.demographicDiversity).toEqual({
      ageRange: 30,
      genderCount: 2,
      locationCount: 2,
      incomeRange: 1,
    });
    expect(result.overallScore).toBe(44);
    expect(result.warnings).toEqual([
      "Low conscientiousness diversity (0%)",
      "Low neuroticism diversity (13%)",
    ]);
    expect(result.suggestions).toEqual([
      "Consider adding participants with more varied backgrounds and personalities",
      "Add participants with more varied conscientiousness levels",
      "Add participants with more varied agreeableness levels",
      "Add participants with more varied neuroticism levels",
    ]);
  });

  it("warns about everything for an identical group (7, half up)", () => {
    const same = p(30, "Male", "Denver", "$60-100k", 50, 50, 50, 50, 50);
    const result = diversityScore([same, { ...same }, { ...same }]);
    expect(result.overallScore).toBe(7);
    expect(result.warnings).toContain("All participants share the same gender");
    expect(result.warnings).toContain("Narrow age range (0 years)");
    expect(result.suggestions.at(-1)).toBe("Include participants from different locations");
  });

  it("caps a maximal group at 100", () => {
    const result = diversityScore([
      p(18, "Male", "A", "Under $30k", 0, 0, 0, 0, 0),
      p(80, "Female", "B", "$30-60k", 100, 100, 100, 100, 100),
      p(18, "Non-binary", "C", "$60-100k", 0, 0, 0, 0, 0),
      p(80, "Prefer not to say", "D", "$100k+", 100, 100, 100, 100, 100),
      p(50, "Male", "E", "$150k+", 0, 100, 0, 100, 0),
      p(50, "Female", "F", "$150k+", 100, 0, 100, 0, 100),
    ]);
    expect(Object.values(result.traitDiversity)).toEqual([100, 100, 100, 100, 100]);
    expect(result.overallScore).toBe(100);
    expect(result.warnings).toEqual([]);
    expect(result.suggestions).toEqual([]);
  });

  it.each([[[]], [[p(30, "Male", "X", "$30-60k", 1, 2, 3, 4, 5)]]])(
    "gives 0 with a warning for fewer than two personas",
    (group) => {
      const result = diversityScore(group);
      expect(result.overallScore).toBe(0);
      expect(result.warnings).toEqual(["Select at least 2 personas to calculate group diversity"]);
    },
  );

  it("counts missing traits as 50 and compares demographics case-insensitively", () => {
    const a = { age: 30, gender: "male", location: "Austin", income: "$30-60k", traits: {} };
    const b = {
      age: 30,
      gender: "Male ",
      location: "austin",
      income: "$30-60K",
      traits: { openness: 90 },
    };
    const result = diversityScore([a, b]);
    expect(result.traitDiversity.openness).toBe(50);
    expect(result.demographicDiversity.genderCount).toBe(1);
    expect(result.demographicDiversity.locationCount).toBe(1);
  });
});

describe("traitDiversity", () => {
  it("uses the population standard deviation, capped at 100", () => {
    expect(traitDiversity([0, 100])).toBe(100);
    expect(traitDiversity([40, 60])).toBe(25);
    expect(traitDiversity([70])).toBe(0);
  });
});

describe("diversityLabel", () => {
  it.each([
    [100, "Excellent"],
    [70, "Excellent"],
    [69, "Moderate"],
    [40, "Moderate"],
    [39, "Low"],
    [0, "Low"],
  ])("labels %d as %s", (score, label) => {
    expect(diversityLabel(score)).toBe(label);
  });
});

describe("roundHalfUp", () => {
  it("rounds halves up like Math.round, ignoring float noise", () => {
    expect(roundHalfUp(2.5)).toBe(3);
    expect(roundHalfUp(6.499999999999999)).toBe(7);
    expect(roundHalfUp(12.5)).toBe(13);
    expect(roundHalfUp(12.49)).toBe(12);
  });
});
