import { generationErrorHint, generationErrorKind, generationErrorToast } from "./generation-error";

describe("generation errors (product-rules §8)", () => {
  it("recognises 429, 402 and timeouts by message or status", () => {
    expect(generationErrorKind({ status: 429, message: "Rate limit exceeded (429)" })).toBe(
      "rate-limit",
    );
    expect(generationErrorKind({ status: null, message: "HTTP 429" })).toBe("rate-limit");
    expect(generationErrorKind({ status: 402, message: "Credits depleted (402)" })).toBe("credits");
    expect(generationErrorKind({ status: 408, message: "Request timeout" })).toBe("timeout");
    expect(generationErrorKind({ status: null, message: "Session stopped by user" })).toBe(
      "stopped",
    );
    expect(generationErrorKind({ status: 500, message: "Failed to generate response" })).toBe(
      "other",
    );
  });

  it("gives the error box hints", () => {
    expect(generationErrorHint({ status: 429, message: "429" })).toBe(
      "Too many requests. Please wait a moment.",
    );
    expect(generationErrorHint({ status: 402, message: "402" })).toBe(
      "Credits depleted. Please add credits to continue.",
    );
    expect(generationErrorHint({ status: null, message: "Request timeout" })).toMatch(/too long/);
    expect(generationErrorHint({ status: null, message: "Session stopped by user" })).toBeNull();
  });

  it("gives the toasts", () => {
    expect(generationErrorToast({ status: 429, message: "x 429" })).toEqual({
      variant: "error",
      title: "Rate Limit Exceeded",
      description: "Too many requests. Please wait before retrying.",
    });
    expect(generationErrorToast({ status: 402, message: "x" })).toEqual({
      variant: "error",
      title: "Credits Depleted",
      description: "Please add credits to continue.",
    });
    expect(generationErrorToast({ status: null, message: "Request timeout" })).toEqual({
      variant: "error",
      title: "Request Timeout",
      description: "The AI took too long to respond.",
    });
    expect(generationErrorToast({ status: 500, message: "Model unavailable" })).toEqual({
      variant: "error",
      title: "Failed to generate response",
      description: "Model unavailable",
    });
    expect(generationErrorToast({ status: null, message: "Session stopped by user" }).variant).toBe(
      "info",
    );
  });
});
