/**
 * Applying the live events of GET /api/sessions/{id}/events to what the screen holds:
 * the session in the query cache, and the answers being written (not stored yet).
 * Pure functions, so the order-sensitive parts are unit tested.
 */
import type {
  ErrorEventData,
  ProgressEventData,
  RetryingEventData,
  Session,
  SessionMessage,
  StatusEventData,
  ThinkingEventData,
  TokenEventData,
} from "@/lib/api-types";

const KIND_ORDER: Record<string, number> = {
  question: 0,
  round: 1,
  probe: 1,
  researcher: 1,
  response: 2,
  summary: 3,
};

/**
 * Transcript order: question, round prompt (or AI probe) before answers, the AI summary
 * last. Round 1 answers go by participant; from round 2 the AI moderator may have someone
 * answer first, so later rounds keep the order they were stored in (the sort is stable).
 */
function compareMessages(a: SessionMessage, b: SessionMessage): number {
  return (
    a.questionIndex - b.questionIndex ||
    a.round - b.round ||
    (KIND_ORDER[a.kind] ?? 3) - (KIND_ORDER[b.kind] ?? 3) ||
    (a.round === 0 ? (a.participantIndex ?? -1) - (b.participantIndex ?? -1) : 0)
  );
}

/** The participantIndex the live list gives the AI moderator (sorted before answers). */
export const MODERATOR_INDEX = -1;

/** Adds a message unless it is already there (events may repeat what a fetch returned). */
export function withMessage(
  messages: readonly SessionMessage[],
  message: SessionMessage,
): SessionMessage[] {
  if (messages.some((m) => m.id === message.id)) return messages as SessionMessage[];
  const last = messages[messages.length - 1];
  if (!last || compareMessages(last, message) <= 0) return [...messages, message];
  return [...messages, message].sort(compareMessages);
}

export function applyMessage(session: Session, message: SessionMessage): Session {
  const messages = withMessage(session.messages, message);
  return messages === session.messages ? session : { ...session, messages };
}

export function applyProgress(session: Session, data: ProgressEventData): Session {
  const { tokensUsed, ...progress } = data;
  return { ...session, progress: { ...session.progress, ...progress }, tokensUsed };
}

export function applyStatus(session: Session, data: StatusEventData): Session {
  return {
    ...session,
    status: data.status ?? session.status,
    running: Boolean(data.running),
    error: data.error ?? null,
    progress: data.running ? session.progress : { ...session.progress, speakingPersonaId: null },
  };
}

export function applyError(session: Session, data: ErrorEventData): Session {
  return {
    ...session,
    running: false,
    error: { status: data.status ?? null, message: data.message },
  };
}

/**
 * A freshly fetched session merged with what events already added to the cache: a fetch
 * can be answered from a moment before the latest events, and stored messages are never
 * removed, so messages are united and the newer counters kept.
 */
export function mergeFetched(previous: Session | undefined, fresh: Session): Session {
  if (!previous || previous.id !== fresh.id) return fresh;
  const first = fresh.messages[0];
  const windowed = "earlier" in fresh && first !== undefined;
  const missing = previous.messages.filter(
    (m) =>
      !fresh.messages.some((f) => f.id === m.id) &&
      // A window of the newest messages (the live screen's): earlier pages the reader had
      // opened are read again on demand, not kept (the fresh window counts them as earlier).
      (!windowed || compareMessages(m, first) >= 0),
  );
  if (missing.length === 0) return fresh;
  let messages = fresh.messages;
  for (const m of missing) messages = withMessage(messages, m);
  return {
    ...fresh,
    messages,
    progress:
      previous.progress.responses > fresh.progress.responses ? previous.progress : fresh.progress,
    tokensUsed: Math.max(previous.tokensUsed, fresh.tokensUsed),
  };
}

/* --- answers being written ------------------------------------------------------------ */

export interface WritingAnswer {
  participantIndex: number;
  personaId: string | null;
  /** From the thinking event; null when only tokens were seen (resolve from participants). */
  name: string | null;
  questionIndex: number;
  round: number;
  /** The streamed text so far ('' while thinking). */
  text: string;
  /**
   * "retrying": the model call is tried again (its earlier text was discarded);
   * "waiting": the call queues for a busy model endpoint. Cleared by the next token.
   */
  state?: "retrying" | "waiting" | null;
  /** The AI moderator writing a probe or summary (participantIndex is MODERATOR_INDEX). */
  moderator?: "probe" | "summary";
}

export type LiveAnswers = WritingAnswer[];

function sameSlot(
  a: Pick<WritingAnswer, "participantIndex" | "questionIndex" | "round">,
  b: typeof a,
): boolean {
  return (
    a.participantIndex === b.participantIndex &&
    a.questionIndex === b.questionIndex &&
    a.round === b.round
  );
}

function byParticipant(a: WritingAnswer, b: WritingAnswer): number {
  return (
    a.questionIndex - b.questionIndex ||
    a.round - b.round ||
    a.participantIndex - b.participantIndex
  );
}

/** `thinking` lists everyone being generated now; text streamed so far is kept. */
export function onThinking(answers: LiveAnswers, data: ThinkingEventData): LiveAnswers {
  if (data.moderator) {
    const slot = {
      participantIndex: MODERATOR_INDEX,
      questionIndex: data.questionIndex,
      round: data.round,
    };
    const existing = answers.find((a) => sameSlot(a, slot));
    return [
      {
        ...slot,
        personaId: null,
        name: "Moderator",
        text: existing?.text ?? "",
        moderator: data.moderator,
      },
    ];
  }
  return data.participants
    .map((p) => {
      const slot = {
        participantIndex: p.participantIndex,
        questionIndex: data.questionIndex,
        round: data.round,
      };
      const existing = answers.find((a) => sameSlot(a, slot));
      return {
        ...slot,
        personaId: p.personaId ?? existing?.personaId ?? null,
        name: p.name ?? existing?.name ?? null,
        text: existing?.text ?? "",
      };
    })
    .sort(byParticipant);
}

export function onToken(answers: LiveAnswers, event: TokenEventData): LiveAnswers {
  const data = { ...event, participantIndex: event.participantIndex ?? MODERATOR_INDEX };
  const index = answers.findIndex((a) => sameSlot(a, data));
  if (index === -1) {
    const added: WritingAnswer = {
      participantIndex: data.participantIndex,
      personaId: data.personaId,
      name: event.participantIndex == null ? (event.speaker ?? "Moderator") : null,
      questionIndex: data.questionIndex,
      round: data.round,
      text: data.delta,
      ...(event.participantIndex == null ? { moderator: event.kind ?? "probe" } : {}),
    };
    return [...answers, added].sort(byParticipant);
  }
  return answers.map((a, i) =>
    i === index ? { ...a, text: a.text + data.delta, state: null } : a,
  );
}

function withState(
  answers: LiveAnswers,
  event: RetryingEventData,
  state: "retrying" | "waiting",
): LiveAnswers {
  const data = { ...event, participantIndex: event.participantIndex ?? MODERATOR_INDEX };
  const index = answers.findIndex((a) => sameSlot(a, data));
  // A retry voids the text streamed so far; a queued call has none yet.
  if (index === -1) {
    const added: WritingAnswer = {
      participantIndex: data.participantIndex,
      personaId: data.personaId,
      name: null,
      questionIndex: data.questionIndex,
      round: data.round,
      text: "",
      state,
    };
    return [...answers, added].sort(byParticipant);
  }
  return answers.map((a, i) =>
    i === index ? { ...a, text: state === "retrying" ? "" : a.text, state } : a,
  );
}

/** The answer's model call is tried again: what it streamed is void, the answer shows the retry. */
export function onRetrying(answers: LiveAnswers, data: RetryingEventData): LiveAnswers {
  return withState(answers, data, "retrying");
}

/** The answer's model call waits for the model (the endpoint is busy): not an error. */
export function onWaiting(answers: LiveAnswers, data: RetryingEventData): LiveAnswers {
  return withState(answers, data, "waiting");
}

/** A stored answer replaces the one being written. */
export function onStoredMessage(answers: LiveAnswers, message: SessionMessage): LiveAnswers {
  const byModerator = message.kind === "probe" || message.kind === "summary";
  if (!byModerator && (message.kind !== "response" || message.participantIndex == null))
    return answers;
  const slot = {
    participantIndex: byModerator ? MODERATOR_INDEX : (message.participantIndex ?? MODERATOR_INDEX),
    questionIndex: message.questionIndex,
    round: message.round,
  };
  const next = answers.filter((a) => !sameSlot(a, slot));
  return next.length === answers.length ? answers : next;
}
