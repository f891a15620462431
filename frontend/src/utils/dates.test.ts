import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatTime } from "./dates";

describe("dates", () => {
  it("writes a date, a time and both", () => {
    // Noon UTC is the same calendar day in every time zone from UTC-11 to UTC+11.
    expect(formatDate("2025-03-01T12:00:00Z", "en-US")).toBe("Mar 1, 2025");
    expect(formatTime("2025-03-01T12:00:00Z", "en-US")).toMatch(/^\d{1,2}:00\s?(AM|PM)$/);
    expect(formatDateTime("2025-03-01T12:00:00Z", "en-US")).toMatch(
      /^Mar 1, 2025, \d{1,2}:00\s?(AM|PM)$/,
    );
  });

  it("gives the fallback for missing or unreadable times", () => {
    expect(formatDate(null)).toBe("—");
    expect(formatDate("not a date", "en-US", "")).toBe("");
    expect(formatTime(undefined)).toBe("");
    expect(formatDateTime("2025-13-45")).toBe("");
  });
});
