import { durationMinutes, responseCounts } from "./stats";

describe("durationMinutes", () => {
  it("is completed minus created, in whole minutes", () => {
    expect(durationMinutes("2025-03-01T10:00:00Z", "2025-03-01T10:12:00Z")).toBe(12);
    expect(durationMinutes("2025-03-01T10:00:00Z", "2025-03-01T11:30:00Z")).toBe(90);
  });

  it("rounds to the nearest minute", () => {
    expect(durationMinutes("2025-03-01T10:00:00Z", "2025-03-01T10:02:29Z")).toBe(2);
    expect(durationMinutes("2025-03-01T10:00:00Z", "2025-03-01T10:02:30Z")).toBe(3);
    expect(durationMinutes("2025-03-01T10:00:00Z", "2025-03-01T10:00:10Z")).toBe(0);
  });

  it("is 0 when not completed or the times are unusable", () => {
    expect(durationMinutes("2025-03-01T10:00:00Z", null)).toBe(0);
    expect(durationMinutes(null, "2025-03-01T10:00:00Z")).toBe(0);
    expect(durationMinutes("garbage", "2025-03-01T10:00:00Z")).toBe(0);
    expect(durationMinutes("2025-03-01T10:10:00Z", "2025-03-01T10:00:00Z")).toBe(0);
  });
});

describe("responseCounts", () => {
  it("counts answers per participant by persona id or speaker name", () => {
    const participants = [
      { id: "p1", name: "Sarah Chen" },
      { id: "p2", name: "Marcus Johnson" },
      { id: "p3", name: "Moderator" },
    ];
    const counts = responseCounts(participants, [
      { speaker: "Moderator", personaId: null },
      { speaker: "Sarah Chen", personaId: "p1" },
      { speaker: "Sarah Chen", personaId: "p1" },
      { speaker: "Marcus Johnson", personaId: null },
      { speaker: "Someone Else", personaId: "p9" },
    ]);
    expect(Object.fromEntries(counts)).toEqual({ p1: 2, p2: 1, p3: 0 });
  });
});
