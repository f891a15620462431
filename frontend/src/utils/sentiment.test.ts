import { isSentiment, SENTIMENT_EMOJI, sentimentOf } from "./sentiment";

describe("sentimentOf (product-rules §4 keyword rule)", () => {
  it("is positive when positive keywords outnumber negative ones", () => {
    expect(sentimentOf("I love it, a great idea")).toBe("positive");
    expect(sentimentOf("Good, but a bad price. Still the BEST option")).toBe("positive");
  });

  it("is negative when negative keywords outnumber positive ones", () => {
    expect(sentimentOf("Terrible. I would never buy it")).toBe("negative");
    expect(sentimentOf("Good idea, awful execution, poor value")).toBe("negative");
  });

  it("is neutral on a tie or without keywords", () => {
    expect(sentimentOf("Good but bad")).toBe("neutral");
    expect(sentimentOf("It is a pouch made of paper.")).toBe("neutral");
    expect(sentimentOf("")).toBe("neutral");
    expect(sentimentOf(undefined)).toBe("neutral");
  });

  it("counts whole words only, case-insensitively", () => {
    expect(sentimentOf("goodness, lovely, badge, nevertheless")).toBe("neutral");
    expect(sentimentOf("GREAT!!! (perfect)")).toBe("positive");
    expect(sentimentOf("never-ending")).toBe("negative");
  });

  it("agrees with the demo script's precomputed sentiments", () => {
    expect(sentimentOf("I love it. The kraft paper and plant-based ink feel honest.")).toBe(
      "positive",
    );
    expect(sentimentOf("Honestly it looks a bit flimsy to me.")).toBe("neutral");
    expect(
      sentimentOf(
        "Charging extra for a paper bag is a terrible idea; packaging should be part of it.",
      ),
    ).toBe("negative");
  });

  it("has an emoji for every sentiment", () => {
    expect(Object.keys(SENTIMENT_EMOJI).sort()).toEqual(["negative", "neutral", "positive"]);
    expect(isSentiment("positive")).toBe(true);
    expect(isSentiment("happy")).toBe(false);
    expect(isSentiment(null)).toBe(false);
  });
});
