/** Take over's rules as the screen applies them before asking the server (the server
 * applies the same: domain/interviews/takeover.py). Pure. */
import type { Session } from "@/lib/api-types";

export const QUESTION_MAX_CHARS = 2000;
export const MSG_EMPTY = "Type a question (1-2000 characters)";
export const MSG_TOO_LONG = `A question is at most ${QUESTION_MAX_CHARS} characters`;

/** Why a typed question cannot be sent (null: it can); counted after trimming. */
export function questionProblem(text: string): string | null {
  const trimmed = text.trim();
  if (!trimmed) return MSG_EMPTY;
  if (trimmed.length > QUESTION_MAX_CHARS) return MSG_TOO_LONG;
  return null;
}

/** The `takeover` live event applied to the cached session. */
export function applyTakeover(
  session: Session,
  data: { takenOver: boolean; typedQuestion?: string | null },
): Session {
  return { ...session, takenOver: data.takenOver, typedQuestion: data.typedQuestion ?? null };
}
