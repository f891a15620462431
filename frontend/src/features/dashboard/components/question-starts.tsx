import type { ModeratorTurn } from "../api/import-human-session";

/** Words shown of a moderator turn before "…". */
export const TURN_TEXT_SHOWN = 90;

const REASONS: Record<string, string> = {
  marker: "numbered or announced",
  first: "first question",
  "new topic": "new topic",
  "probe: cue": "follow-up",
  "probe: short": "short follow-up",
  "probe: same topic": "same topic",
  "no question": "asks nothing",
  chosen: "your choice",
};

/** The moderator's turns of a previewed transcript, each ticked when it opens a new
 * question: untick to merge it into the question before (a probe), tick to split a new
 * question off at it. How the importer decided: docs/measured-against-people.md. */
export function QuestionStarts({
  turns,
  starts,
  onChange,
}: {
  turns: readonly ModeratorTurn[];
  starts: ReadonlySet<number>;
  onChange: (next: Set<number>) => void;
}) {
  if (turns.length === 0) return null;
  return (
    <fieldset className="space-y-1">
      <legend className="text-xs text-muted-foreground">
        Questions and probes: tick a moderator turn to start a new question there, untick it to
        merge it into the question before.
      </legend>
      <ul className="max-h-48 space-y-1 overflow-y-auto pr-1" aria-label="Moderator turns">
        {turns.map((t) => {
          const text =
            t.text.length > TURN_TEXT_SHOWN ? `${t.text.slice(0, TURN_TEXT_SHOWN)}…` : t.text;
          return (
            <li key={t.turn} className="flex items-start gap-2">
              <input
                id={`turn-${t.turn}`}
                type="checkbox"
                className="mt-1"
                checked={starts.has(t.turn)}
                onChange={(e) => {
                  const next = new Set(starts);
                  if (e.target.checked) next.add(t.turn);
                  else next.delete(t.turn);
                  onChange(next);
                }}
              />
              <label htmlFor={`turn-${t.turn}`} className="text-xs leading-snug">
                <span>{text}</span>{" "}
                <span className="text-muted-foreground">({REASONS[t.reason] ?? t.reason})</span>
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
