/** Test data for the session screens (used by tests only). */
import type { Session, SessionMessage } from "@/lib/api-types";
import { makePersona } from "@/test/render";

export const PARTICIPANTS = [
  makePersona({ id: "p1", name: "Sarah Chen", age: 28, gender: "Female" }),
  makePersona({ id: "p2", name: "Marcus Johnson", age: 45, gender: "Male" }),
  makePersona({ id: "p3", name: "Emily Rodriguez", age: 22, gender: "Female" }),
];

export function makeMessage(overrides: Partial<SessionMessage> = {}): SessionMessage {
  return {
    id: "m1",
    speaker: "Moderator",
    content: "What is your first impression?",
    timestamp: "2025-01-01T10:00:00Z",
    sentiment: null,
    personaId: null,
    questionIndex: 0,
    round: 0,
    participantIndex: null,
    kind: "question",
    repairs: [],
    ...overrides,
  };
}

export function answer(
  p: number,
  q: number,
  r: number,
  content: string,
  sentiment: SessionMessage["sentiment"] = "neutral",
): SessionMessage {
  const persona = PARTICIPANTS[p];
  return makeMessage({
    id: `m-${q}-${r}-${p}`,
    speaker: persona.name,
    content,
    sentiment,
    personaId: persona.id,
    questionIndex: q,
    round: r,
    participantIndex: p,
    kind: "response",
  });
}

export function makeSession(overrides: Partial<Session> = {}): Session {
  return {
    id: "s1",
    name: "Packaging test",
    description: "Refill pouch",
    source: "simulated",
    kind: "group",
    takenOver: false,
    typedQuestion: null,
    status: "in-progress",
    createdAt: "2025-01-01T10:00:00Z",
    completedAt: null,
    participants: PARTICIPANTS,
    moderatorStyle: "formal",
    stimuli: [],
    questions: ["What is your first impression?", "Would you buy it?"],
    settings: {
      responseLength: "brief",
      discussionMode: "sequential",
      autoAdvance: false,
      moderator: "scripted",
      privateAnswers: false,
      modelBids: false,
    },
    messages: [],
    tokensUsed: 0,
    insights: null,
    error: null,
    running: false,
    progress: {
      responses: 0,
      total: 18,
      questionIndex: 0,
      round: 0,
      participantIndex: null,
      speakingPersonaId: null,
    },
    ...overrides,
  };
}
