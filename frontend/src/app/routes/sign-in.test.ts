import { describe, expect, it } from "vitest";
import { safeNext } from "./sign-in";

describe("safeNext", () => {
  it("keeps same-site paths and refuses others", () => {
    expect(safeNext("/session/abc/results?tab=x")).toBe("/session/abc/results?tab=x");
    expect(safeNext(null)).toBe("/dashboard");
    expect(safeNext("https://evil.example")).toBe("/dashboard");
    expect(safeNext("//evil.example")).toBe("/dashboard");
    expect(safeNext("/\\evil.example")).toBe("/dashboard");
  });
});
