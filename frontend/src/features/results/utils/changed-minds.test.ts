import { describe, expect, it } from "vitest";
import type { SessionMessage } from "@/lib/api-types";
import { mindChanges, shiftLabel, stanceLabel, stanceSource } from "./changed-minds";

function msg(kind: string, q: number, p: number, stance: number | null): SessionMessage {
  return {
    id: `${kind}-${q}-${p}`,
    speaker: ["Ana", "Bob"][p],
    content: `${kind} ${q} ${p}`,
    timestamp: "2026-01-01T00:00:00Z",
    questionIndex: q,
    round: 0,
    participantIndex: p,
    kind,
    stance,
  } as SessionMessage;
}

describe("mindChanges", () => {
  it("pairs before and after per question and participant, with the shift", () => {
    const rows = mindChanges([
      msg("private_after", 1, 0, 3),
      msg("private_before", 0, 1, 4),
      msg("private_before", 0, 0, 2),
      msg("private_after", 0, 0, 4),
      msg("private_after", 0, 1, 4),
      msg("private_before", 1, 0, null),
      msg("private_before", 1, 1, 5), // no after yet: left out
    ]);
    expect(rows.map((r) => [r.questionIndex, r.speaker, r.shift])).toEqual([
      [0, "Ana", 2],
      [0, "Bob", 0],
      [1, "Ana", null],
    ]);
    expect(rows[0].before.content).toBe("private_before 0 0");
  });

  it("does not count a change of mind on an inferred stance, and says how it was inferred", () => {
    const inferredAfter = {
      ...msg("private_after", 0, 0, 5),
      stanceMethod: "ssr-agreement",
      stanceInferred: true,
    };
    const stated = {
      ...msg("private_before", 0, 0, 2),
      stanceMethod: "stated",
      stanceInferred: false,
    };
    const [row] = mindChanges([stated, inferredAfter]);
    expect(row.shift).toBeNull();
    expect(row.inferred).toBe(true);
    expect(shiftLabel(row.shift, row.inferred)).toBe("Stance inferred, not counted");
    expect(stanceSource(inferredAfter)).toBe("Inferred (ssr-agreement)");
    expect(stanceSource(stated)).toBe("Stated");
  });

  it("labels shifts and stances", () => {
    expect(shiftLabel(2)).toBe("Changed their mind (+2)");
    expect(shiftLabel(-1)).toBe("Changed their mind (-1)");
    expect(shiftLabel(0)).toBe("Kept their view");
    expect(shiftLabel(null)).toBe("Stance not stated");
    expect(stanceLabel(4)).toBe("4 · Agree");
    expect(stanceLabel(null)).toBe("Not stated");
  });
});
