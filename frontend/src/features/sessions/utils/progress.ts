/** Labels of the live session's Progress card (product-rules §2). Indices from the API are 0-based. */
import type { SessionProgress } from "@/lib/api-types";

export const ROUNDS_PER_QUESTION = 3;

export function overallProgressLabel(
  progress: Pick<SessionProgress, "responses" | "total">,
): string {
  return `${progress.responses} / ${progress.total} responses`;
}

/** 'k of n' for the 0-based question index (clamped into range). */
export function questionLabel(questionIndex: number, questionCount: number): string {
  const n = Math.max(0, questionCount);
  const k = n === 0 ? 0 : Math.min(n, Math.max(1, questionIndex + 1));
  return `${k} of ${n}`;
}

/** 'Discussion Round r of 3 (Initial Responses)' for round 1, '(Multi-turn Dialog)' after. */
export function roundLabel(round: number): string {
  const r = Math.min(ROUNDS_PER_QUESTION, Math.max(1, round + 1));
  const kind = r === 1 ? "(Initial Responses)" : "(Multi-turn Dialog)";
  return `Discussion Round ${r} of ${ROUNDS_PER_QUESTION} ${kind}`;
}

export function tokensLabel(tokens: number): string {
  return `~${Math.max(0, Math.round(tokens)).toLocaleString("en-US")}`;
}

/** Natural mode: 'Turn 7 of ~15 on this question' (the question may end early). */
export function turnLabel(turn: number, budget: number): string {
  const n = Math.max(1, budget);
  return `Turn ${Math.min(n, Math.max(1, turn))} of ~${n} on this question`;
}

/** An interview's step on its topic (docs/interviews.md): round 0 is the guide's question,
 * round r its r-th follow-up (the AI interviewer's or a typed one). */
export function interviewStepLabel(round: number): string {
  return round <= 0 ? "The guide's question" : `Follow-up ${round} on this topic`;
}

/** The round line of the Progress card, the turn line in natural mode, or an interview's
 * step on its topic. */
export function stepLabel(
  progress: Pick<SessionProgress, "round" | "turn" | "turnBudget">,
  kind: "group" | "interview" = "group",
): string {
  if (kind === "interview") return interviewStepLabel(progress.round);
  if (progress.turn != null && progress.turnBudget != null)
    return turnLabel(progress.turn, progress.turnBudget);
  return roundLabel(progress.round);
}
