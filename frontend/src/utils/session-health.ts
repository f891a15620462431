import type { HealthFinding, SessionMessage } from "@/lib/api-types";
import type { Overall } from "./health-overall";

// The overall verdict's words and colours: their own module, for the dashboard's badge.
export { isOverall, OVERALL_CLASSES, OVERALL_LABELS, type Overall } from "./health-overall";
export type FindingStatus = HealthFinding["status"];

export const OVERALL_TEXT: Record<Overall, string> = {
  good: "No known failure of simulated participants showed up in this session.",
  fair: "Some answers show known weaknesses of simulated participants: read the warnings before relying on them.",
  poor: "Several known weaknesses of simulated participants showed up: treat these results as a rough sketch only.",
};

export const STATUS_LABELS: Record<FindingStatus, string> = {
  ok: "Looks fine",
  warn: "Worth a look",
  bad: "Problem",
  // Neutral: the figure is past its threshold but within its sampling error (docs/trust.md).
  unclear: "Not enough answers to tell",
  na: "Not measured",
};

/** A finding's badge: a check the API marks not applicable (a group-only check of an
 * interview, whose summary says so) reads "Not applicable", not "Not measured". */
export function findingStatusLabel(finding: { status: FindingStatus; summary: string }): string {
  if (finding.status === "na" && finding.summary.startsWith("Not applicable")) {
    return "Not applicable";
  }
  return STATUS_LABELS[finding.status];
}

export const STATUS_CLASSES: Record<FindingStatus, string> = {
  ok: "border-transparent bg-emerald-100 text-emerald-900",
  warn: "border-transparent bg-amber-100 text-amber-900",
  bad: "border-transparent bg-rose-100 text-rose-900",
  unclear: "border-transparent bg-sky-100 text-sky-900",
  na: "border-transparent bg-secondary text-secondary-foreground",
};

/** 'Ana Ruiz, question 2, round 1' for a message a finding links to. */
export function messageLabel(message: SessionMessage | undefined, id: string): string {
  if (!message) return `Message ${id}`;
  return `${message.speaker}, question ${message.questionIndex + 1}, round ${message.round + 1}`;
}

/** Findings with problems first, then the rest in the server's order. */
export function orderFindings(findings: readonly HealthFinding[]): HealthFinding[] {
  const rank: Record<FindingStatus, number> = { bad: 0, warn: 1, unclear: 2, ok: 3, na: 4 };
  return findings
    .map((f, i) => ({ f, i }))
    .sort((a, b) => rank[a.f.status] - rank[b.f.status] || a.i - b.i)
    .map(({ f }) => f);
}
