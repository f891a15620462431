import type { SessionMessage } from "@/lib/api-types";

export const MODERATOR = "Moderator";
/** Value of the participant filter's 'All Participants' option. */
export const ALL_PARTICIPANTS = "__all__";

export interface TranscriptFilter {
  /** Matched case-insensitively against the content or the speaker. */
  search: string;
  /** A participant name, or ALL_PARTICIPANTS. */
  speaker: string;
}

export function isModerator(message: Pick<SessionMessage, "speaker" | "personaId">): boolean {
  return message.speaker === MODERATOR && !message.personaId;
}

/**
 * product-rules §2 Transcript: the search keeps messages whose content or speaker contains the text
 * (case-insensitive; blank keeps all); the participant filter keeps that speaker's messages.
 */
export function filterTranscript<M extends Pick<SessionMessage, "speaker" | "content">>(
  messages: readonly M[],
  { search, speaker }: TranscriptFilter,
): M[] {
  const needle = search.trim().toLocaleLowerCase();
  return messages.filter((m) => {
    if (speaker !== ALL_PARTICIPANTS && m.speaker !== speaker) return false;
    if (!needle) return true;
    return (
      m.content.toLocaleLowerCase().includes(needle) ||
      m.speaker.toLocaleLowerCase().includes(needle)
    );
  });
}

export interface TextPart {
  text: string;
  match: boolean;
}

/** `text` cut into the pieces that match `query` (case-insensitive) and those that do not. */
export function highlightParts(text: string, query: string): TextPart[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return [{ text, match: false }];
  const haystack = text.toLocaleLowerCase();
  // Lower-casing can change a string's length (e.g. 'İ'); then highlighting is skipped.
  if (haystack.length !== text.length) return [{ text, match: false }];
  const parts: TextPart[] = [];
  let from = 0;
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, from)) {
    if (at > from) parts.push({ text: text.slice(from, at), match: false });
    parts.push({ text: text.slice(at, at + needle.length), match: true });
    from = at + needle.length;
  }
  if (from < text.length) parts.push({ text: text.slice(from), match: false });
  return parts;
}

/** A transcript message's position, e.g. 'Question 2 · Round 1' (rounds shown 1-based);
 * natural mode has turns, not rounds: 'Question 2 · Turn 7'. */
export function positionLabel(
  message: Pick<SessionMessage, "questionIndex" | "round">,
  natural = false,
): string {
  return `Question ${message.questionIndex + 1} · ${natural ? "Turn" : "Round"} ${message.round + 1}`;
}
