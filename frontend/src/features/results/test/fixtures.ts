import type {
  Session,
  SessionAnalytics,
  SessionHeader,
  SessionInsights,
  SessionMessage,
} from "@/lib/api-types";
import { makePersona } from "@/test/render";

let seq = 0;
export function message(overrides: Partial<SessionMessage>): SessionMessage {
  seq += 1;
  return {
    id: `m${seq}`,
    speaker: "Moderator",
    content: "",
    timestamp: "2025-03-01T10:00:00Z",
    sentiment: null,
    personaId: null,
    questionIndex: 0,
    round: 0,
    participantIndex: null,
    kind: "response",
    repairs: [],
    ...overrides,
  };
}

export const participants = [
  makePersona({
    id: "p1",
    name: "Sarah Chen",
    location: "San Francisco, CA",
    income: "$100k+",
    interests: ["Yoga", "Travel"],
  }),
  makePersona({
    id: "p2",
    name: "Marcus Johnson",
    gender: "Male",
    age: 45,
    location: "Atlanta, GA",
    income: "$60-100k",
    interests: ["Grilling"],
  }),
  makePersona({
    id: "p3",
    name: "Emily Rodriguez",
    age: 22,
    location: "Miami, FL",
    income: "Under $30k",
    interests: ["Fashion"],
  }),
];

export function makeSession(overrides: Partial<Session> = {}): Session {
  return {
    id: "s1",
    name: "Snack Study",
    description: "Reactions to a lentil snack",
    source: "simulated",
    kind: "group",
    takenOver: false,
    typedQuestion: null,
    status: "completed",
    createdAt: "2025-03-01T10:00:00Z",
    completedAt: "2025-03-01T10:12:00Z",
    participants,
    moderatorStyle: "casual",
    stimuli: [],
    questions: ["What do you think of the price?", "Would you buy it?"],
    settings: {
      responseLength: "brief",
      discussionMode: "sequential",
      autoAdvance: false,
      moderator: "scripted",
      privateAnswers: false,
      modelBids: false,
    },
    messages: [
      message({
        speaker: "Moderator",
        content: "What do you think of the price?",
        kind: "question",
      }),
      message({
        speaker: "Sarah Chen",
        personaId: "p1",
        content: "The price is great for me.",
        sentiment: "positive",
      }),
      message({
        speaker: "Marcus Johnson",
        personaId: "p2",
        content: "Too expensive, a bad deal.",
        sentiment: "negative",
      }),
      message({
        speaker: "Emily Rodriguez",
        personaId: "p3",
        content: "I like the colours.",
        sentiment: "neutral",
      }),
      message({
        speaker: "Sarah Chen",
        personaId: "p1",
        content: "Still love the taste.",
        sentiment: "positive",
        round: 1,
      }),
    ],
    tokensUsed: 120,
    insights: null,
    error: null,
    running: false,
    progress: {
      responses: 4,
      total: 18,
      questionIndex: 1,
      round: 2,
      participantIndex: null,
      speakingPersonaId: null,
    },
    ...overrides,
  };
}

export const insights: SessionInsights = {
  summary: "Participants like the taste but split on price.",
  overallSentiment: "positive",
  sentimentBreakdown: { positive: 50, neutral: 25, negative: 25 },
  keyThemes: [{ theme: "Price", description: "Price divides the group.", frequency: 3 }],
  recommendations: [
    { priority: "high", title: "Lower the price", description: "Aim for parity." },
    { priority: "medium", title: "Keep the taste", description: "It is liked." },
    { priority: "low", title: "Try colours", description: "Minor." },
  ],
  generatedAt: "2025-03-01T10:20:00Z",
  model: "fake-model",
};

export const analytics: SessionAnalytics = {
  wordCloud: [
    { text: "price", count: 5, size: 32 },
    { text: "taste", count: 2, size: 18 },
  ],
  quotes: [
    {
      speaker: "Marcus Johnson",
      content: "Too expensive, a bad deal for a small bag.",
      sentiment: "negative",
      personaId: "p2",
    },
  ],
  diversity: {
    overallScore: 45,
    label: "Moderate",
    traitDiversity: {
      openness: 32,
      conscientiousness: 44,
      extraversion: 41,
      agreeableness: 12,
      neuroticism: 28,
    },
    demographicDiversity: { ageRange: 23, genderCount: 2, locationCount: 3, incomeRange: 3 },
    warnings: ["Low agreeableness diversity (12%)"],
    suggestions: ["Add participants with more varied agreeableness levels"],
  },
  traitPatterns: {
    openness: { high: ["Sarah Chen"], low: [] },
    conscientiousness: { high: [], low: [] },
    extraversion: { high: [], low: ["Marcus Johnson"] },
    agreeableness: { high: [], low: [] },
    neuroticism: { high: [], low: [] },
  },
  sentimentByQuestionRound: [
    { questionIndex: 0, round: 0, count: 3, positive: 33, neutral: 33, negative: 34, average: 0 },
  ],
  participation: [
    { personaId: "p1", name: "Sarah Chen", responses: 2 },
    { personaId: "p2", name: "Marcus Johnson", responses: 1 },
    { personaId: "p3", name: "Emily Rodriguez", responses: 1 },
  ],
  averageSentiment: 0.25,
  sentimentBreakdown: { positive: 50, neutral: 25, negative: 25 },
  messageCount: 5,
  responseCount: 4,
  durationMinutes: 12,
};

/** What GET /api/sessions/{id}/header answers for `session`: its fields without the
 * messages, with the counts and models the server works out from them (the fixture's
 * messages are all public unless they are private answers). */
export function headerOf(session: Session): SessionHeader {
  const { messages, ...fields } = session;
  const isPrivate = (m: SessionMessage) =>
    m.kind === "private_before" || m.kind === "private_after";
  const shown = messages.filter((m) => !isPrivate(m));
  const responseCounts: Record<string, number> = Object.fromEntries(
    session.participants.map((p) => [p.id, 0]),
  );
  const byName = new Map(session.participants.map((p) => [p.name, p.id]));
  const latestModels: Record<string, string> = {};
  const answerModels: (string | null)[] = [];
  for (const m of shown) {
    const id = m.personaId
      ? m.personaId in responseCounts
        ? m.personaId
        : undefined
      : m.speaker !== "Moderator"
        ? byName.get(m.speaker)
        : undefined;
    if (id !== undefined) responseCounts[id] += 1;
    if (m.kind === "response") {
      const model = m.model ?? null;
      if (!answerModels.includes(model)) answerModels.push(model);
      if (m.personaId && m.model) latestModels[m.personaId] = m.model;
    }
  }
  return {
    ...fields,
    messageCount: shown.length,
    answerCount: shown.filter((m) => !(m.speaker === "Moderator" && !m.personaId)).length,
    responseCounts,
    answerModels,
    latestModels,
    privateAnswers: messages.filter(isPrivate),
  };
}

/** makeSession's header (GET /api/sessions/{id}/header). */
export function makeHeader(overrides: Partial<Session> = {}): SessionHeader {
  return headerOf(makeSession(overrides));
}
