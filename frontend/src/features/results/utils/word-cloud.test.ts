import { cloudWords } from "./word-cloud";

describe("cloudWords", () => {
  it("keeps the 30 most frequent words, sorted alphabetically, with their rank", () => {
    const words = Array.from({ length: 40 }, (_, i) => ({
      text: `word${String(i).padStart(2, "0")}`,
      count: 100 - i,
      size: 32 - i / 2,
    }));
    const shown = cloudWords(words);
    expect(shown).toHaveLength(30);
    expect(shown.map((w) => w.text)).toEqual(words.slice(0, 30).map((w) => w.text));
    expect(shown[0]).toMatchObject({ text: "word00", rank: 0, fontSize: 32 });
  });

  it("clamps font sizes to 12-32 px", () => {
    const shown = cloudWords([
      { text: "huge", count: 9, size: 80 },
      { text: "tiny", count: 1, size: 3 },
      { text: "odd", count: 2, size: Number.NaN },
    ]);
    expect(Object.fromEntries(shown.map((w) => [w.text, w.fontSize]))).toEqual({
      huge: 32,
      tiny: 12,
      odd: 12,
    });
    expect(shown.map((w) => w.text)).toEqual(["huge", "odd", "tiny"]);
  });
});
