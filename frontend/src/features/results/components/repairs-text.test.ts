import { repairsText } from "./transcript-message";

describe("repairsText", () => {
  it("says what cleaning removed and how often an answer was asked again", () => {
    expect(repairsText(["meta_text"])).toBe("bracketed stage directions removed");
    expect(repairsText(["reasked"])).toBe("asked again once");
    expect(repairsText(["own_name_prefix", "reasked", "reasked", "kept_unusable"])).toBe(
      "its own name at the start removed; asked again 2 times; still a name, a round line or under 3 words: kept as written",
    );
  });
});
