/** A session's overall health verdict: its words and badge colours. Its own module: the
 * dashboard's health badge is on the first screen; the findings' words are not. */
import type { SessionHealth } from "@/lib/api-types";

export type Overall = SessionHealth["overall"];

export const OVERALL_LABELS: Record<Overall, string> = {
  good: "Good",
  fair: "Fair",
  poor: "Poor",
};

/** Badge colours per verdict (text contrast meets WCAG AA on these backgrounds). */
export const OVERALL_CLASSES: Record<Overall, string> = {
  good: "border-transparent bg-emerald-100 text-emerald-900",
  fair: "border-transparent bg-amber-100 text-amber-900",
  poor: "border-transparent bg-rose-100 text-rose-900",
};

export function isOverall(value: unknown): value is Overall {
  return value === "good" || value === "fair" || value === "poor";
}
