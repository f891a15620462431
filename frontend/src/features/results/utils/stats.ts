import type { SessionMessage, SessionParticipant } from "@/lib/api-types";
import { MODERATOR } from "./transcript";

function time(value: string | null | undefined): number | null {
  if (!value) return null;
  const t = Date.parse(value);
  return Number.isNaN(t) ? null : t;
}

/**
 * product-rules §2 Results: duration in whole minutes, completed minus created (rounded);
 * 0 when the session is not completed (or the times are unusable).
 */
export function durationMinutes(
  createdAt: string | null | undefined,
  completedAt: string | null | undefined,
): number {
  const start = time(createdAt);
  const end = time(completedAt);
  if (start === null || end === null) return 0;
  return Math.max(0, Math.round((end - start) / 60_000));
}

/**
 * Answers per participant: messages with the participant's persona id, or (for messages
 * without one) the participant's name as speaker.
 */
export function responseCounts(
  participants: readonly Pick<SessionParticipant, "id" | "name">[],
  messages: readonly Pick<SessionMessage, "speaker" | "personaId">[],
): Map<string, number> {
  const counts = new Map<string, number>(participants.map((p) => [p.id, 0]));
  const byName = new Map(participants.map((p) => [p.name, p.id]));
  for (const m of messages) {
    let id: string | undefined;
    if (m.personaId) id = counts.has(m.personaId) ? m.personaId : undefined;
    else if (m.speaker !== MODERATOR) id = byName.get(m.speaker);
    if (id !== undefined) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}
