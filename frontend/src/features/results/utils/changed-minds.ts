/**
 * "Changed their mind" (docs/natural-mode.md): each participant's private answers before and
 * after a question, paired, with their stances (1 strongly disagree ... 5 strongly agree) and the
 * shift between them. Pure, so the pairing is unit tested.
 *
 * A stance the participant did not state but the server inferred from the answer's wording
 * (`stanceInferred`, method in `stanceMethod`) is shown as inferred and not counted as a
 * change of mind (docs/natural-mode.md, "Private answers").
 */
import type { SessionMessage } from "@/lib/api-types";

export const STANCE_LABELS: Record<number, string> = {
  1: "Strongly disagree",
  2: "Disagree",
  3: "Neither",
  4: "Agree",
  5: "Strongly agree",
};

export interface MindChange {
  questionIndex: number;
  participantIndex: number;
  speaker: string;
  before: SessionMessage;
  after: SessionMessage;
  /** after - before; null when a stance was not stated or was inferred. */
  shift: number | null;
  /** Either stance was inferred from the wording rather than stated. */
  inferred: boolean;
}

/** How a private answer's stance is known: "Stated", or "Inferred (ssr-agreement)". */
export function stanceSource(
  m: Pick<SessionMessage, "stance" | "stanceInferred" | "stanceMethod">,
): string {
  if (m.stance == null) return "";
  return m.stanceInferred ? `Inferred (${m.stanceMethod ?? "unknown method"})` : "Stated";
}

export function stanceLabel(stance: number | null | undefined): string {
  return stance != null && STANCE_LABELS[stance]
    ? `${stance} · ${STANCE_LABELS[stance]}`
    : "Not stated";
}

export function mindChanges(privateAnswers: readonly SessionMessage[]): MindChange[] {
  const pairs = new Map<string, { before?: SessionMessage; after?: SessionMessage }>();
  for (const m of privateAnswers) {
    if (m.participantIndex == null) continue;
    const key = `${m.questionIndex}:${m.participantIndex}`;
    const pair = pairs.get(key) ?? {};
    if (m.kind === "private_before") pair.before = m;
    if (m.kind === "private_after") pair.after = m;
    pairs.set(key, pair);
  }
  const out: MindChange[] = [];
  for (const { before, after } of pairs.values()) {
    if (!before || !after) continue;
    const inferred = Boolean(before.stanceInferred || after.stanceInferred);
    const shift =
      !inferred && before.stance != null && after.stance != null
        ? after.stance - before.stance
        : null;
    out.push({
      questionIndex: after.questionIndex,
      participantIndex: after.participantIndex ?? 0,
      speaker: after.speaker,
      before,
      after,
      shift,
      inferred,
    });
  }
  return out.sort(
    (a, b) => a.questionIndex - b.questionIndex || a.participantIndex - b.participantIndex,
  );
}

/** 'Changed their mind (+2)', 'Kept their view', 'Stance inferred, not counted' or
 * 'Stance not stated'. */
export function shiftLabel(shift: number | null, inferred = false): string {
  if (inferred) return "Stance inferred, not counted";
  if (shift === null) return "Stance not stated";
  if (shift === 0) return "Kept their view";
  return `Changed their mind (${shift > 0 ? "+" : ""}${shift})`;
}
