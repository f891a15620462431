import {
  checkBrowserCompatibility,
  compatibilityAlertText,
  runBrowserCheck,
  type BrowserEnv,
} from "./browser-check";

function memoryStorage(): NonNullable<BrowserEnv["localStorage"]> {
  const data = new Map<string, string>();
  return {
    setItem: (k, v) => void data.set(k, v),
    getItem: (k) => data.get(k) ?? null,
    removeItem: (k) => void data.delete(k),
  };
}

function goodEnv(overrides: Partial<BrowserEnv> = {}): BrowserEnv {
  return {
    localStorage: memoryStorage(),
    fetch: () => undefined,
    Promise,
    Array,
    Object,
    JSON,
    FileReader: class {},
    canCompile: () => true,
    ...overrides,
  };
}

describe("checkBrowserCompatibility", () => {
  it("passes a modern browser", () => {
    expect(checkBrowserCompatibility(goodEnv())).toEqual({ failures: [], warnings: [] });
  });

  it("detects modern support in this runtime without eval", () => {
    const { canCompile: _ignored, ...env } = goodEnv();
    expect(checkBrowserCompatibility(env).failures).toEqual([]);
  });

  it("fails when storage cannot be written", () => {
    const throwing = {
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
      getItem: () => null,
      removeItem: () => {},
    };
    expect(checkBrowserCompatibility(goodEnv({ localStorage: throwing })).failures).toEqual([
      "Local storage (writing is blocked or unavailable)",
    ]);
    expect(checkBrowserCompatibility(goodEnv({ localStorage: null })).failures).toHaveLength(1);
  });

  it("lists every missing required feature", () => {
    const result = checkBrowserCompatibility(
      goodEnv({
        fetch: undefined,
        Promise: undefined,
        Array: { from: () => [] },
        Object: { assign: () => ({}) },
        JSON: undefined,
        canCompile: () => false,
      }),
    );
    expect(result.failures).toEqual([
      "Fetch API",
      "Promises",
      "Array helpers",
      "Object helpers",
      "JSON",
      "Modern JavaScript syntax",
    ]);
    expect(result.warnings).toEqual(["Async functions"]);
  });

  it("only warns about file reading and async support", () => {
    const result = checkBrowserCompatibility(
      goodEnv({ FileReader: undefined, canCompile: (src) => !src.includes("async") }),
    );
    expect(result.failures).toEqual([]);
    expect(result.warnings).toEqual(["File reading (FileReader)", "Async functions"]);
  });
});

describe("runBrowserCheck", () => {
  it("does not alert in a capable environment", () => {
    const alert = vi.fn();
    const warn = vi.fn();
    const result = runBrowserCheck(window, { alert, warn });
    expect(result.failures).toEqual([]);
    expect(alert).not.toHaveBeenCalled();
  });

  it("formats the alert as a list", () => {
    expect(compatibilityAlertText(["Fetch API", "JSON"])).toContain("- Fetch API\n- JSON");
  });
});
