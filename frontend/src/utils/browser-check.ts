/**
 * Start-up browser-compatibility check (product-rules §5 "Other"): storage write, fetch, promises,
 * array/object helpers, JSON and modern syntax are required (failures are alerted as a
 * list); file reading and async support only produce a console warning.
 */

export interface BrowserCheckResult {
  /** Required features that are missing; the user is alerted. */
  failures: string[];
  /** Optional features that are missing; only logged. */
  warnings: string[];
}

/** The subset of the global object the check looks at (injectable for tests). */
export interface BrowserEnv {
  localStorage?: Pick<Storage, "setItem" | "removeItem" | "getItem"> | null;
  fetch?: unknown;
  Promise?: unknown;
  Array?: unknown;
  Object?: unknown;
  JSON?: unknown;
  FileReader?: unknown;
  /** Compiles source text; returns false when the syntax is not understood. */
  canCompile?: (source: string) => boolean;
}

const STORAGE_TEST_KEY = "__colloquy_storage_test__";

const MODERN_SYNTAX = "modern";
const ASYNC_SYNTAX = "async";

/**
 * Syntax cannot be tested without eval, which the Content Security Policy forbids (and a
 * bundle the browser could not parse would never reach this check). What it can test
 * without eval: the built-ins that shipped with that syntax. ES2022 (class private fields,
 * `at`, `Object.hasOwn`) stands for the modern syntax; a real async function for async.
 */
export function defaultCanCompile(source: string): boolean {
  if (source === ASYNC_SYNTAX) {
    const asyncFn = async () => undefined;
    return Object.prototype.toString.call(asyncFn) === "[object AsyncFunction]";
  }
  return (
    typeof (Object as { hasOwn?: unknown }).hasOwn === "function" &&
    typeof (Array.prototype as { at?: unknown }).at === "function"
  );
}

function storageWorks(storage: BrowserEnv["localStorage"]): boolean {
  if (!storage) return false;
  try {
    storage.setItem(STORAGE_TEST_KEY, "1");
    const ok = storage.getItem(STORAGE_TEST_KEY) === "1";
    storage.removeItem(STORAGE_TEST_KEY);
    return ok;
  } catch {
    return false;
  }
}

function hasMethods(owner: unknown, names: readonly string[]): boolean {
  if (owner === null || (typeof owner !== "object" && typeof owner !== "function")) return false;
  const record = owner as Record<string, unknown>;
  return names.every((name) => typeof record[name] === "function");
}

export function checkBrowserCompatibility(env: BrowserEnv): BrowserCheckResult {
  const failures: string[] = [];
  const warnings: string[] = [];
  const canCompile = env.canCompile ?? defaultCanCompile;

  if (!storageWorks(env.localStorage))
    failures.push("Local storage (writing is blocked or unavailable)");
  if (typeof env.fetch !== "function") failures.push("Fetch API");
  if (
    typeof env.Promise !== "function" ||
    !hasMethods(env.Promise, ["resolve", "reject", "all"]) ||
    !hasMethods((env.Promise as { prototype?: unknown }).prototype, ["then", "finally"])
  ) {
    failures.push("Promises");
  }
  const arrayProto = (env.Array as { prototype?: unknown } | undefined)?.prototype;
  if (
    !hasMethods(env.Array, ["from", "isArray"]) ||
    !hasMethods(arrayProto, [
      "map",
      "filter",
      "find",
      "findIndex",
      "includes",
      "some",
      "every",
      "flat",
    ])
  ) {
    failures.push("Array helpers");
  }
  if (!hasMethods(env.Object, ["assign", "entries", "keys", "values", "fromEntries"])) {
    failures.push("Object helpers");
  }
  if (!hasMethods(env.JSON, ["parse", "stringify"])) failures.push("JSON");
  if (!canCompile(MODERN_SYNTAX)) failures.push("Modern JavaScript syntax");

  if (typeof env.FileReader !== "function") warnings.push("File reading (FileReader)");
  if (!canCompile(ASYNC_SYNTAX)) warnings.push("Async functions");

  return { failures, warnings };
}

export function compatibilityAlertText(failures: readonly string[]): string {
  return [
    "Your browser is missing features that Colloquy needs:",
    ...failures.map((f) => `- ${f}`),
    "",
    "Please update your browser or use a current version of Chrome, Firefox, Safari or Edge.",
  ].join("\n");
}

/** Runs the check against the real window; alerts failures and warns about optional gaps. */
export function runBrowserCheck(
  win: Window & typeof globalThis = window,
  report: { alert: (text: string) => void; warn: (text: string) => void } = {
    alert: (text) => win.alert(text),
    warn: (text) => console.warn(text),
  },
): BrowserCheckResult {
  let storage: BrowserEnv["localStorage"];
  try {
    storage = win.localStorage;
  } catch {
    storage = null;
  }
  const result = checkBrowserCompatibility({
    localStorage: storage,
    fetch: win.fetch,
    Promise: win.Promise,
    Array: win.Array,
    Object: win.Object,
    JSON: win.JSON,
    FileReader: win.FileReader,
  });
  for (const warning of result.warnings) {
    report.warn(`Colloquy: limited browser support - ${warning} is unavailable.`);
  }
  if (result.failures.length > 0) report.alert(compatibilityAlertText(result.failures));
  return result;
}
