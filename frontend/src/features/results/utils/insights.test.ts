import { ApiError } from "@/lib/api-client";
import { hasDataToAnalyze, insightsErrorToast, priorityBadgeVariant, capitalise } from "./insights";

describe("priorityBadgeVariant (product-rules §2)", () => {
  it("is destructive for high, default for medium, otherwise secondary", () => {
    expect(priorityBadgeVariant("high")).toBe("destructive");
    expect(priorityBadgeVariant("High")).toBe("destructive");
    expect(priorityBadgeVariant("medium")).toBe("default");
    expect(priorityBadgeVariant("low")).toBe("secondary");
    expect(priorityBadgeVariant("urgent")).toBe("secondary");
    expect(priorityBadgeVariant(undefined)).toBe("secondary");
  });
});

describe("insights helpers", () => {
  it("capitalises badge labels", () => {
    expect(capitalise("high")).toBe("High");
    expect(capitalise(undefined)).toBe("");
  });

  it("needs a participant answer to analyze", () => {
    expect(hasDataToAnalyze([])).toBe(false);
    expect(hasDataToAnalyze([{ speaker: "Moderator", personaId: null }])).toBe(false);
    expect(
      hasDataToAnalyze([
        { speaker: "Moderator", personaId: null },
        { speaker: "Ann", personaId: "p1" },
      ]),
    ).toBe(true);
  });

  it("words the failure toasts as the product rules do", () => {
    expect(insightsErrorToast(new ApiError(502, "Model unavailable"))).toEqual({
      title: "Analysis failed",
      description: "Model unavailable",
    });
    expect(insightsErrorToast(new Error(""))).toEqual({
      title: "Analysis failed",
      description: "Failed to generate insights",
    });
    expect(
      insightsErrorToast(
        new ApiError(422, "No data to analyze", ["This session has no messages to analyze."]),
      ),
    ).toEqual({
      title: "No data to analyze",
      description: "This session has no messages to analyze.",
    });
  });
});
