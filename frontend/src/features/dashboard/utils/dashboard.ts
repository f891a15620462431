/** Dashboard rules of product-rules §2, §5 and §9: summary figures and the combined filters. */
import type { SentimentCounts, SessionStatus, SessionSummary } from "@/lib/api-types";

export type StatusFilter = "all" | SessionStatus;
export type DateFilter = "all" | "7d" | "30d";
/** A focus group or an interview (docs/interviews.md). */
export type KindFilter = "all" | "group" | "interview";

export interface SessionFilters {
  search: string;
  status: StatusFilter;
  date: DateFilter;
  kind?: KindFilter;
}

export const DEFAULT_FILTERS: SessionFilters = {
  search: "",
  status: "all",
  date: "all",
  kind: "all",
};

export const STATUS_LABELS: Record<SessionStatus, string> = {
  draft: "Draft",
  "in-progress": "In Progress",
  completed: "Completed",
};

export const THIS_WEEK_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;
export const SENTIMENT_THRESHOLD = 0.3;

/** Start of a date filter's window: now minus 7 days, or minus one calendar month. */
export function dateFilterStart(filter: DateFilter, now: Date): Date | null {
  if (filter === "7d") return new Date(now.getTime() - 7 * DAY_MS);
  if (filter === "30d") {
    const start = new Date(now);
    start.setMonth(start.getMonth() - 1);
    return start;
  }
  return null;
}

function createdAt(session: Pick<SessionSummary, "createdAt">): number {
  const time = Date.parse(session.createdAt);
  return Number.isNaN(time) ? 0 : time;
}

/** Search (case-insensitive substring of the name), status and date, combined with AND. */
export function filterSessions<T extends Pick<SessionSummary, "name" | "status" | "createdAt">>(
  sessions: readonly T[],
  filters: SessionFilters,
  now: Date = new Date(),
): T[] {
  const needle = filters.search.trim().toLowerCase();
  const start = dateFilterStart(filters.date, now);
  return sessions.filter(
    (s) =>
      (needle === "" || s.name.toLowerCase().includes(needle)) &&
      (filters.status === "all" || s.status === filters.status) &&
      (start === null || createdAt(s) >= start.getTime()),
  );
}

export function hasActiveFilters(filters: SessionFilters): boolean {
  return (
    filters.search.trim() !== "" ||
    filters.status !== "all" ||
    filters.date !== "all" ||
    (filters.kind ?? "all") !== "all"
  );
}

/** Sessions created in the last 7 days. */
export function countThisWeek(
  sessions: readonly Pick<SessionSummary, "createdAt">[],
  now: Date = new Date(),
): number {
  const start = now.getTime() - THIS_WEEK_DAYS * DAY_MS;
  return sessions.filter((s) => createdAt(s) >= start).length;
}

export function countCompleted(sessions: readonly Pick<SessionSummary, "status">[]): number {
  return sessions.filter((s) => s.status === "completed").length;
}

/** positive +1, negative -1, neutral 0, averaged over every message with a sentiment; 0 if none. */
export function averageSentiment(counts: readonly SentimentCounts[]): number {
  let total = 0;
  let sum = 0;
  for (const c of counts) {
    total += c.positive + c.neutral + c.negative;
    sum += c.positive - c.negative;
  }
  return total === 0 ? 0 : sum / total;
}

/** Signed, one decimal: '+0.4', '-0.2', '0.0'. */
export function formatSentiment(value: number): string {
  const text = value.toFixed(1);
  if (text === "-0.0" || text === "0.0") return "0.0";
  return value > 0 ? `+${text}` : text;
}

export type SentimentLabel = "Positive" | "Neutral" | "Negative";

/** Positive above 0.3, Negative below -0.3, otherwise Neutral. */
export function sentimentLabel(value: number): SentimentLabel {
  if (value > SENTIMENT_THRESHOLD) return "Positive";
  if (value < -SENTIMENT_THRESHOLD) return "Negative";
  return "Neutral";
}
