/**
 * Private answers (docs/natural-mode.md): each participant's answer before and after a
 * question, seen by nobody else. The API returns them among the session's messages (and the
 * live stream sends them); every screen reads the session through `splitPrivate`, so the
 * transcript, live view, stats and charts see the public discussion only, and the results'
 * "changed their mind" view reads `privateAnswers`.
 */
import type { Session, SessionMessage } from "@/lib/api-types";

export const PRIVATE_KINDS: readonly string[] = ["private_before", "private_after"];

export type SessionView = Session & { privateAnswers: SessionMessage[] };

export function isPrivate(message: Pick<SessionMessage, "kind">): boolean {
  return PRIVATE_KINDS.includes(message.kind);
}

export function splitPrivate(session: Session): SessionView {
  const privateAnswers = session.messages.filter(isPrivate);
  if (privateAnswers.length === 0) return { ...session, privateAnswers };
  return { ...session, messages: session.messages.filter((m) => !isPrivate(m)), privateAnswers };
}
