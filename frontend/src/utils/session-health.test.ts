import { describe, expect, it } from "vitest";
import { findingStatusLabel } from "./session-health";

describe("findingStatusLabel", () => {
  it("reads a check the API marks not applicable as such, other unmeasured ones as before", () => {
    const na = "Not applicable: one speaker (an interview) has nobody to compare with.";
    expect(findingStatusLabel({ status: "na", summary: na })).toBe("Not applicable");
    expect(findingStatusLabel({ status: "na", summary: "Too few answers." })).toBe("Not measured");
    expect(findingStatusLabel({ status: "ok", summary: "" })).toBe("Looks fine");
  });
});
