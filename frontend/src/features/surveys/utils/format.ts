/** Number formatting and grouping for the survey results screen. */

export const fmt = (value: number | null | undefined, digits = 2): string =>
  typeof value === "number" && Number.isFinite(value) ? value.toFixed(digits) : "–";

export const pct = (value: number | null | undefined): string =>
  typeof value === "number" && Number.isFinite(value) ? `${Math.round(value * 100)}%` : "–";

export const interval = (ci: readonly number[] | undefined, digits = 2): string =>
  ci && ci.length === 2 ? `[${fmt(ci[0], digits)}, ${fmt(ci[1], digits)}]` : "–";

export const CUT_LABELS: Record<string, string> = {
  age: "Age",
  gender: "Gender",
  income: "Income",
  openness: "Openness",
  conscientiousness: "Conscientiousness",
  extraversion: "Extraversion",
  agreeableness: "Agreeableness",
  neuroticism: "Neuroticism",
};

/** Items grouped by key, keys in first-seen order. */
export function groupBy<T>(items: readonly T[], key: (item: T) => string): [string, T[]][] {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return [...out.entries()];
}

/** Percent done of a survey's progress (0 when nothing is planned). */
export function percentDone(progress: { done: number; total: number }): number {
  return progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : 0;
}

/** A survey's status in words. */
export const STATUS_LABELS: Record<string, string> = {
  draft: "Draft",
  running: "Running",
  stopped: "Stopped",
  completed: "Completed",
  failed: "Needs retry",
};
