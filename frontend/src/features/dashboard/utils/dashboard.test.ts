import type { SessionSummary } from "@/lib/api-types";
import {
  averageSentiment,
  countCompleted,
  countThisWeek,
  dateFilterStart,
  filterSessions,
  formatSentiment,
  hasActiveFilters,
  sentimentLabel,
} from "./dashboard";

const NOW = new Date("2025-03-31T12:00:00Z");

function summary(overrides: Partial<SessionSummary>): SessionSummary {
  return {
    id: "s",
    name: "Session",
    description: "",
    source: "simulated",
    kind: "group",
    status: "draft",
    createdAt: NOW.toISOString(),
    completedAt: null,
    participantCount: 3,
    messageCount: 0,
    sentimentCounts: { positive: 0, neutral: 0, negative: 0 },
    ...overrides,
  };
}

const sessions = [
  summary({
    id: "a",
    name: "Packaging Test",
    status: "completed",
    createdAt: "2025-03-30T09:00:00Z",
  }),
  summary({
    id: "b",
    name: "Brand perception",
    status: "in-progress",
    createdAt: "2025-03-20T09:00:00Z",
  }),
  summary({
    id: "c",
    name: "Old packaging study",
    status: "draft",
    createdAt: "2025-02-27T09:00:00Z",
  }),
  summary({ id: "d", name: "Ancient", status: "completed", createdAt: "2024-12-01T09:00:00Z" }),
];
const ids = (list: SessionSummary[]) => list.map((s) => s.id);

describe("filterSessions", () => {
  it("searches names case-insensitively as substrings", () => {
    expect(
      ids(filterSessions(sessions, { search: "PACKAGING", status: "all", date: "all" }, NOW)),
    ).toEqual(["a", "c"]);
    expect(
      ids(filterSessions(sessions, { search: "  ", status: "all", date: "all" }, NOW)),
    ).toEqual(["a", "b", "c", "d"]);
  });

  it("filters by status", () => {
    expect(
      ids(filterSessions(sessions, { search: "", status: "completed", date: "all" }, NOW)),
    ).toEqual(["a", "d"]);
    expect(
      ids(filterSessions(sessions, { search: "", status: "in-progress", date: "all" }, NOW)),
    ).toEqual(["b"]);
    expect(
      ids(filterSessions(sessions, { search: "", status: "draft", date: "all" }, NOW)),
    ).toEqual(["c"]);
  });

  it("filters by date: now minus 7 days, or minus one calendar month", () => {
    expect(ids(filterSessions(sessions, { search: "", status: "all", date: "7d" }, NOW))).toEqual([
      "a",
    ]);
    // 31 March minus one month is 3 March (JS month arithmetic), so 27 February is out.
    expect(ids(filterSessions(sessions, { search: "", status: "all", date: "30d" }, NOW))).toEqual([
      "a",
      "b",
    ]);
    expect(dateFilterStart("7d", NOW)?.toISOString()).toBe("2025-03-24T12:00:00.000Z");
    expect(dateFilterStart("all", NOW)).toBeNull();
    const start = dateFilterStart("30d", new Date(2025, 5, 15, 8));
    expect([start?.getMonth(), start?.getDate()]).toEqual([4, 15]);
  });

  it("combines the filters with AND", () => {
    expect(
      ids(filterSessions(sessions, { search: "packaging", status: "completed", date: "30d" }, NOW)),
    ).toEqual(["a"]);
    expect(
      filterSessions(sessions, { search: "packaging", status: "in-progress", date: "all" }, NOW),
    ).toEqual([]);
  });

  it("knows when filters are active", () => {
    expect(hasActiveFilters({ search: "", status: "all", date: "all" })).toBe(false);
    expect(hasActiveFilters({ search: "x", status: "all", date: "all" })).toBe(true);
    expect(hasActiveFilters({ search: "", status: "draft", date: "all" })).toBe(true);
  });
});

describe("summary figures", () => {
  it("counts completed sessions and those of the last 7 days", () => {
    expect(countCompleted(sessions)).toBe(2);
    expect(countThisWeek(sessions, NOW)).toBe(1);
    expect(countThisWeek([summary({ createdAt: "2025-03-24T12:00:00Z" })], NOW)).toBe(1);
    expect(countThisWeek([summary({ createdAt: "2025-03-24T11:59:59Z" })], NOW)).toBe(0);
  });

  it("averages +1 / 0 / -1 over messages with a sentiment; 0 when none", () => {
    expect(averageSentiment([])).toBe(0);
    expect(averageSentiment([{ positive: 0, neutral: 0, negative: 0 }])).toBe(0);
    expect(
      averageSentiment([
        { positive: 6, neutral: 2, negative: 2 },
        { positive: 0, neutral: 0, negative: 0 },
      ]),
    ).toBeCloseTo(0.4);
    expect(averageSentiment([{ positive: 1, neutral: 0, negative: 3 }])).toBe(-0.5);
  });

  it("formats the average signed to one decimal", () => {
    expect(formatSentiment(0.4)).toBe("+0.4");
    expect(formatSentiment(0.36)).toBe("+0.4");
    expect(formatSentiment(-0.25)).toBe("-0.3");
    expect(formatSentiment(0)).toBe("0.0");
    expect(formatSentiment(-0.01)).toBe("0.0");
    expect(formatSentiment(1)).toBe("+1.0");
  });

  it("labels Positive above 0.3, Negative below -0.3, else Neutral", () => {
    expect(sentimentLabel(0.31)).toBe("Positive");
    expect(sentimentLabel(0.3)).toBe("Neutral");
    expect(sentimentLabel(-0.3)).toBe("Neutral");
    expect(sentimentLabel(-0.31)).toBe("Negative");
  });
});
