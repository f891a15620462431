/**
 * The live screen holds a window of the transcript, not all of it
 * (docs/performance.md#long-transcripts): the newest messages read when the page opens,
 * those live events add, and the earlier pages the reader asks for. Pure functions.
 */
import { sumUsage, ZERO_USAGE } from "@/components/usage/format";
import type { Session, SessionHeader, SessionMessage } from "@/lib/api-types";
import type { Usage } from "@/components/usage/types";

export interface EarlierMessages {
  /** The cursor of the messages before those held (null: none are left on the server). */
  cursor: string | null;
  /** How many public messages are before those held. */
  count: number;
  /** The usage of every message not held (the header's total less what is held). */
  usage: Usage;
  /** Persona id -> the model of the participant's latest answer when the page opened. */
  latestModels: Record<string, string>;
  /** The models of the answers when the page opened (null: not recorded). */
  answerModels: (string | null)[];
}

export type LiveSession = Session & { earlier?: EarlierMessages };

function minus(a: Usage, b: Usage): Usage {
  return {
    promptTokens: a.promptTokens - b.promptTokens,
    completionTokens: a.completionTokens - b.completionTokens,
    cachedTokens: a.cachedTokens - b.cachedTokens,
    costUsd: a.costUsd - b.costUsd,
  };
}

/** The session the live screen starts from: the header and its newest messages. */
export function liveSession(
  header: SessionHeader,
  newest: SessionMessage[],
  cursor: string | null,
): LiveSession {
  const {
    messageCount,
    answerCount: _answers,
    responseCounts: _counts,
    answerModels,
    latestModels,
    privateAnswers: _private,
    ...fields
  } = header;
  return {
    ...fields,
    messages: newest,
    earlier: {
      cursor,
      count: Math.max(0, messageCount - newest.length),
      usage: minus(header.usage ?? ZERO_USAGE, sumUsage(newest)),
      latestModels,
      answerModels,
    },
  };
}

/** The session with an earlier page of messages put before those it holds. */
export function withEarlier(
  session: LiveSession,
  page: SessionMessage[],
  cursor: string | null,
): LiveSession {
  const held = new Set(session.messages.map((m) => m.id));
  const added = page.filter((m) => !held.has(m.id));
  const earlier = session.earlier;
  return {
    ...session,
    messages: [...added, ...session.messages],
    earlier: earlier && {
      ...earlier,
      cursor,
      count: cursor === null ? 0 : Math.max(0, earlier.count - added.length),
      usage: minus(earlier.usage, sumUsage(added)),
    },
  };
}

/** The session's usage: what it held when the page opened plus what it holds now. */
export function liveUsage(session: LiveSession): Usage {
  const held = sumUsage(session.messages);
  if (!session.earlier) return held;
  const e = session.earlier.usage;
  return {
    promptTokens: e.promptTokens + held.promptTokens,
    completionTokens: e.completionTokens + held.completionTokens,
    cachedTokens: e.cachedTokens + held.cachedTokens,
    costUsd: e.costUsd + held.costUsd,
  };
}

/** personaId -> the model of that participant's latest answer, over the whole session;
 * null unless its answers come from more than one model (a mixed panel, docs/models.md). */
export function liveModels(session: LiveSession): Map<string, string> | null {
  const byPersona = new Map(Object.entries(session.earlier?.latestModels ?? {}));
  const models = new Set<string>();
  for (const m of session.earlier?.answerModels ?? []) if (m) models.add(m);
  for (const m of session.messages) {
    if (m.kind !== "response" || !m.personaId || !m.model) continue;
    byPersona.set(m.personaId, m.model);
    models.add(m.model);
  }
  return models.size > 1 ? byPersona : null;
}
