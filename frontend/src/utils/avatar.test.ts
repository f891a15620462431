import { AVATAR_COLORS, avatarColor, avatarIndexOf, initials } from "./avatar";

describe("initials", () => {
  it.each([
    ["Sarah Chen", "SC"],
    ["marcus johnson", "MJ"],
    ["Mary Ann Smith", "MA"],
    ["Cher", "C"],
    ["  Ana   de la Cruz ", "AD"],
    ["", ""],
  ])("%j -> %j", (name, expected) => {
    expect(initials(name)).toBe(expected);
  });
});

describe("avatarColor", () => {
  it("has 8 distinct colours", () => {
    expect(new Set(AVATAR_COLORS).size).toBe(8);
  });

  it("cycles through the 8 colours by index", () => {
    expect(avatarColor(0)).toBe(AVATAR_COLORS[0]);
    expect(avatarColor(7)).toBe(AVATAR_COLORS[7]);
    expect(avatarColor(8)).toBe(AVATAR_COLORS[0]);
    expect(avatarColor(13)).toBe(AVATAR_COLORS[5]);
  });

  it("falls back to the first colour for odd input", () => {
    expect(avatarColor(-1)).toBe(AVATAR_COLORS[7]);
    expect(avatarColor(Number.NaN)).toBe(AVATAR_COLORS[0]);
  });
});

describe("avatarIndexOf", () => {
  it("is the same for an id every time, and differs between ids", () => {
    // "ab": (97 * 31 + 98) = 3105, worked by hand.
    expect(avatarIndexOf("ab")).toBe(3105);
    expect(avatarIndexOf("ab")).toBe(avatarIndexOf("ab"));
    expect(avatarIndexOf("ba")).toBe(98 * 31 + 97);
  });
});
