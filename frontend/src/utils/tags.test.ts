import { collectTags, filterByTag, parseTags, tagKey } from "./tags";

describe("tags", () => {
  it("compares with spaces collapsed and case ignored", () => {
    expect(tagKey("  Gen   Z ")).toBe("gen z");
  });
  it("collects each tag once, sorted, first spelling kept", () => {
    expect(
      collectTags([
        { tags: ["Gen Z", "Chicago"] },
        { tags: ["gen z", "Austin"] },
        { tags: null },
        {},
      ]),
    ).toEqual(["Austin", "Chicago", "Gen Z"]);
  });
  it("filters by tag, everything without one", () => {
    const list = [{ id: 1, tags: ["Gen Z"] }, { id: 2, tags: [] }, { id: 3 }];
    expect(filterByTag(list, "GEN z").map((p) => p.id)).toEqual([1]);
    expect(filterByTag(list, null)).toHaveLength(3);
  });
  it("parses a typed list separated by commas or semicolons", () => {
    expect(parseTags(" Gen Z, chicago ;; gen z,")).toEqual(["Gen Z", "chicago"]);
  });
});
