import type { Usage } from "./types";

export const ZERO_USAGE: Usage = {
  promptTokens: 0,
  completionTokens: 0,
  cachedTokens: 0,
  costUsd: 0,
};

/** '$12.50', '$0.05', '$0.0481': two decimals, up to four below a dollar (as the server says it). */
export function formatUsd(value: number): string {
  const v = Math.max(0, value);
  if (v >= 1 || v === 0)
    return `$${v.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  const text = v.toFixed(4).replace(/0+$/, "");
  const [whole, frac = ""] = text.split(".");
  return `$${whole}.${frac.padEnd(2, "0")}`;
}

export function formatCount(n: number): string {
  return Math.max(0, Math.round(n)).toLocaleString("en-US");
}

/** The sum of the messages' reported usage (messages without usage count nothing). */
export function sumUsage(items: readonly { usage?: Usage | null }[]): Usage {
  return items.reduce<Usage>(
    (acc, m) =>
      m.usage
        ? {
            promptTokens: acc.promptTokens + m.usage.promptTokens,
            completionTokens: acc.completionTokens + m.usage.completionTokens,
            cachedTokens: acc.cachedTokens + m.usage.cachedTokens,
            costUsd: acc.costUsd + m.usage.costUsd,
          }
        : acc,
    { ...ZERO_USAGE },
  );
}

export function totalTokens(u: Usage): number {
  return u.promptTokens + u.completionTokens;
}

/** '1,234 tokens · $0.0123' */
export function usageLine(u: Usage): string {
  return `${formatCount(totalTokens(u))} tokens · ${formatUsd(u.costUsd)}`;
}

/** A budget typed in a field: '' is none (the default applies); otherwise a number >= 0. */
export function parseBudget(text: string): { value: number | null; error: string | null } {
  const t = text.trim();
  if (!t) return { value: null, error: null };
  const n = Number(t.replace(/^\$/, ""));
  if (!Number.isFinite(n)) return { value: null, error: "Budget must be a number of US dollars" };
  if (n < 0) return { value: null, error: "Budget must be 0 or more" };
  return { value: n, error: null };
}

export function isBudgetStop(message: string | null | undefined): boolean {
  return !!message && message.startsWith("Budget reached:");
}

/** A create body with the typed budget in its settings (none typed: the default applies). */
export function withBudget<T extends object>(body: T, budget: string): T {
  const { value } = parseBudget(budget);
  if (value == null) return body;
  const settings = (body as { settings?: object | null }).settings ?? {};
  return { ...body, settings: { ...settings, budgetUsd: value } };
}

/** A record's usage; ZERO for one read from an older server (or a test fixture) without it. */
export function usageOf(record: { usage?: Usage | null }): Usage {
  return record.usage ?? ZERO_USAGE;
}
