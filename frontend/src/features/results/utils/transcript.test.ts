import {
  ALL_PARTICIPANTS,
  filterTranscript,
  highlightParts,
  isModerator,
  positionLabel,
} from "./transcript";

const messages = [
  { speaker: "Moderator", content: "What do you think of the PRICE?", personaId: null },
  { speaker: "Sarah Chen", content: "The price is fine for me.", personaId: "p1" },
  { speaker: "Marcus Johnson", content: "Too expensive, honestly.", personaId: "p2" },
  { speaker: "Sarah Chen", content: "I like the colours.", personaId: "p1" },
];

describe("filterTranscript", () => {
  it("keeps everything with a blank search and all participants", () => {
    expect(filterTranscript(messages, { search: "  ", speaker: ALL_PARTICIPANTS })).toHaveLength(4);
  });

  it("matches content case-insensitively", () => {
    const found = filterTranscript(messages, { search: "price", speaker: ALL_PARTICIPANTS });
    expect(found.map((m) => m.speaker)).toEqual(["Moderator", "Sarah Chen"]);
  });

  it("matches the speaker too", () => {
    const found = filterTranscript(messages, { search: "MARCUS", speaker: ALL_PARTICIPANTS });
    expect(found.map((m) => m.content)).toEqual(["Too expensive, honestly."]);
  });

  it("filters by participant and combines with the search", () => {
    expect(filterTranscript(messages, { search: "", speaker: "Sarah Chen" })).toHaveLength(2);
    expect(filterTranscript(messages, { search: "colours", speaker: "Sarah Chen" })).toHaveLength(
      1,
    );
    expect(filterTranscript(messages, { search: "expensive", speaker: "Sarah Chen" })).toEqual([]);
  });
});

describe("transcript helpers", () => {
  it("tells moderator messages apart", () => {
    expect(isModerator(messages[0])).toBe(true);
    expect(isModerator(messages[1])).toBe(false);
    expect(isModerator({ speaker: "Moderator", personaId: "p9" })).toBe(false);
  });

  it("splits text around every case-insensitive match", () => {
    expect(highlightParts("Price, price and PRICE", "price")).toEqual([
      { text: "Price", match: true },
      { text: ", ", match: false },
      { text: "price", match: true },
      { text: " and ", match: false },
      { text: "PRICE", match: true },
    ]);
    expect(highlightParts("no match here", "zzz")).toEqual([
      { text: "no match here", match: false },
    ]);
    expect(highlightParts("anything", " ")).toEqual([{ text: "anything", match: false }]);
  });

  it("labels positions 1-based", () => {
    expect(positionLabel({ questionIndex: 1, round: 0 })).toBe("Question 2 · Round 1");
  });
});
