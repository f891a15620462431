/**
 * Who a transcript line is by, as people read it (docs/interviews.md): in an interview the
 * interviewer's messages (stored with the speaker "Moderator") read "Interviewer", and a
 * question the researcher typed in a take over reads "Researcher".
 */
import type { SessionMessage } from "@/lib/api-types";

export type SessionKind = "group" | "interview";

export const RESEARCHER_LABEL = "Researcher";
export const INTERVIEWER_LABEL = "Interviewer";
export const MODERATOR_LABEL = "Moderator";

/** The interviewer's or moderator's side: a message no participant wrote. */
export function isModeratorSide(
  message: Pick<SessionMessage, "kind" | "personaId" | "participantIndex">,
): boolean {
  return message.kind !== "response" && message.personaId == null;
}

/** "Moderator" in a focus group, "Interviewer" in an interview. */
export function moderatorLabel(kind: SessionKind | undefined): string {
  return kind === "interview" ? INTERVIEWER_LABEL : MODERATOR_LABEL;
}

export function speakerLabel(
  message: Pick<SessionMessage, "kind" | "personaId" | "participantIndex" | "speaker">,
  kind: SessionKind | undefined,
): string {
  if (message.kind === "researcher") return RESEARCHER_LABEL;
  if (kind === "interview" && isModeratorSide(message)) return INTERVIEWER_LABEL;
  return message.speaker;
}
