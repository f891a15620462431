/**
 * Types of the Colloquy REST API (JSON, camelCase).
 *
 * Hand-written for now from the API contract; intended to be replaced by
 * openapi-typescript output generated from the server's OpenAPI schema.
 * Keep the exported names stable: Persona, PersonaInput, Traits, Enriched,
 * PersonaTemplate, Health.
 */

export type TraitKey =
  | "openness"
  | "conscientiousness"
  | "extraversion"
  | "agreeableness"
  | "neuroticism";

/** Big Five scores, each 0-100. */
export type Traits = Record<TraitKey, number>;

export type Gender = "Male" | "Female" | "Non-binary" | "Prefer not to say";
export type IncomeBand = "Under $30k" | "$30-60k" | "$60-100k" | "$100k+" | "$150k+";

/** Derived attributes computed by the server from traits and demographics. */
export interface Enriched {
  values?: Record<string, number>;
  motivationStyle?: {
    regulatoryFocus?: "prevention" | "promotion";
    focusStrength?: number;
    bis?: number;
    bas?: number;
    needForClosure?: number;
  };
  decisionStyle?: {
    type?: "maximizer" | "satisficer";
    needForCognition?: number;
    lossAversion?: number;
    riskAversion?: number;
    researchDepth?: number;
  };
  healthBeliefs?: {
    perceivedSusceptibility?: number;
    perceivedSeverity?: number;
    perceivedBenefits?: number;
    perceivedBarriers?: number;
    cuesRequired?: "high" | "moderate" | "low";
    selfEfficacy?: number;
  };
  socialIdentity?: {
    groupNorms?: string[];
    perceivedControl?: number;
    subjectiveNorm?: number;
  };
  language?: {
    region?: string;
    ageRegister?: string;
    hedgeFrequency?: string;
    emojiUsage?: boolean;
    fillerWords?: string[];
    formalityLevel?: string | number;
  };
  languageStyle?: { formality?: number; regionalSlang?: boolean };
  shopping?: {
    willingnessToPay?: number;
    brandLoyalty?: number;
    priceSensitivity?: number | string;
    preferredRetailers?: string[];
    bannedIngredients?: string[];
    researchIntensity?: string;
  };
  memory?: {
    brandTrust?: Record<string, number>;
    pastDecisions?: unknown[];
    priorExposure?: unknown[];
  };
  [key: string]: unknown;
}

/** Fields a client sends to create or replace a persona. */
export interface PersonaInput {
  name: string;
  age: number;
  gender: string;
  location: string;
  income: string;
  /** Older records may lack some traits; the UI treats a missing trait as 50. */
  traits: Partial<Traits>;
  interests: string[];
  generatedFrom?: string | null;
}

export interface Persona extends PersonaInput {
  id: string;
  generatedFrom: string | null;
  createdAt: string;
  updatedAt: string;
  enriched: Enriched;
}

export interface PersonaTemplate {
  id: string;
  name: string;
  description: string;
  data: {
    age: number;
    gender: string;
    location: string;
    income: string;
    traits: Traits;
    interests: string[];
  };
}

export type Diversity = "low" | "medium" | "high";

export interface GeneratePersonasRequest {
  description?: string;
  documentText?: string;
  count: number;
  diversity: Diversity;
}

export interface GeneratePersonasResponse {
  personas: Persona[];
}

export interface AnalyzeDocumentRequest {
  documentText: string;
  /** The sliders' current values: kept for any trait the analysis gives no valid number. */
  currentTraits?: Partial<Traits>;
}

export interface AnalyzeDocumentResponse {
  analysis: string;
  traits: Traits;
}

export interface ExtractDocumentResponse {
  text: string;
  filename: string;
  characters: number;
  /** True when the text was cut to its first 100,000 characters. */
  truncated: boolean;
  type: "pdf" | "docx" | "txt" | "csv" | "image";
}

export interface Health {
  status: "ok" | string;
  version: string;
  llm: { provider: string; model: string };
}

/** Error body of every response with status >= 400. */
export interface ErrorBody {
  error: string;
  errors?: string[];
}

/* ---------------------------------------------------------------------------------------
 * Sessions (GET /api/sessions/{id}); shared by the session, dashboard and results screens.
 * ------------------------------------------------------------------------------------- */

export type SessionStatus = "draft" | "in-progress" | "completed";
export type Sentiment = "positive" | "neutral" | "negative";
export type ModeratorStyle = "formal" | "casual" | "probing";
export type ResponseLength = "brief" | "moderate" | "detailed";
export type StimulusType = "image" | "text" | "url" | "video" | "audio";

export interface Stimulus {
  id: string;
  type: StimulusType | string;
  title: string;
  content: string;
  description?: string | null;
  platform?: string | null;
}

export interface SessionSettings {
  responseLength: ResponseLength | string;
  discussionMode: string;
  autoAdvance: boolean;
}

/** One line of a transcript; `speaker` is a participant name or 'Moderator'. */
export interface SessionMessage {
  id: string;
  speaker: string;
  content: string;
  timestamp: string;
  /** Absent (null) for moderator messages. */
  sentiment: Sentiment | null;
  personaId: string | null;
  /** 0-based. */
  questionIndex: number;
  /** 0-based: 0 = initial responses. */
  round: number;
  participantIndex?: number | null;
  kind: "question" | "round" | "response" | string;
}

export interface SessionProgress {
  responses: number;
  total: number;
  questionIndex: number;
  round: number;
  participantIndex: number | null;
  speakingPersonaId: string | null;
}

/** A participant as stored on the session: a snapshot of the persona. */
export type SessionParticipant = Omit<Persona, "createdAt" | "updatedAt" | "generatedFrom"> &
  Partial<Pick<Persona, "createdAt" | "updatedAt" | "generatedFrom">>;

export interface Session {
  id: string;
  name: string;
  description: string;
  status: SessionStatus;
  createdAt: string;
  completedAt: string | null;
  participants: SessionParticipant[];
  moderatorStyle: ModeratorStyle | string;
  stimuli: Stimulus[];
  questions: string[];
  settings: SessionSettings;
  messages: SessionMessage[];
  tokensUsed: number;
  insights: SessionInsights | null;
  error: { status: number | null; message: string } | null;
  running: boolean;
  progress: SessionProgress;
}

/* Results (GET /api/sessions/{id}/analytics, POST /api/sessions/{id}/insights). */

/** Percentages summing to 100 (all 0 when no message has a sentiment). */
export interface SentimentBreakdown {
  positive: number;
  neutral: number;
  negative: number;
}

export type Priority = "high" | "medium" | "low";

export interface KeyTheme {
  theme: string;
  description: string;
  /** Participant responses that raised the theme. */
  frequency: number;
}

export interface Recommendation {
  priority: Priority | string;
  title: string;
  description: string;
}

export interface SessionInsights {
  summary: string;
  overallSentiment: Sentiment;
  sentimentBreakdown: SentimentBreakdown;
  keyThemes: KeyTheme[];
  recommendations: Recommendation[];
  /** Absent on insights stored before these fields existed. */
  generatedAt?: string;
  model?: string;
}

export interface WordCloudEntry {
  text: string;
  count: number;
  /** Font size in px, 12-32. */
  size: number;
}

export interface HighlightedQuote {
  speaker: string;
  content: string;
  sentiment: Sentiment | string;
  personaId: string | null;
}

export type DiversityLabel = "Excellent" | "Moderate" | "Low";

export interface DiversityAnalysis {
  overallScore: number;
  label: DiversityLabel;
  /** Percent per trait. */
  traitDiversity: Partial<Record<TraitKey, number>>;
  demographicDiversity: {
    ageRange: number;
    genderCount: number;
    locationCount: number;
    incomeRange: number;
  };
  warnings: string[];
  suggestions: string[];
}

export interface TraitPattern {
  /** Names of participants above 70. */
  high: string[];
  /** Names of participants below 30. */
  low: string[];
}

export interface RoundSentiment {
  /** 0-based. */
  questionIndex: number;
  /** 0-based. */
  round: number;
  count: number;
  positive: number;
  neutral: number;
  negative: number;
  /** -1..1 */
  average: number;
}

export interface Participation {
  personaId: string | null;
  name: string | null;
  responses: number;
}

export interface SessionAnalytics {
  wordCloud: WordCloudEntry[];
  quotes: HighlightedQuote[];
  diversity: DiversityAnalysis;
  traitPatterns: Partial<Record<TraitKey, TraitPattern>>;
  sentimentByQuestionRound: RoundSentiment[];
  participation: Participation[];
  averageSentiment: number;
  sentimentBreakdown: SentimentBreakdown;
  messageCount: number;
  responseCount: number;
  durationMinutes: number;
}

/* Demo session (GET /api/demo-script, POST /api/sessions/demo/complete). */

export interface DemoReply {
  personaId: string;
  speaker: string;
  content: string;
  sentiment: Sentiment;
}

export interface DemoTurn {
  questionIndex: number;
  question: string;
  responses: DemoReply[];
}

export interface DemoTiming {
  afterModeratorMs: number;
  typingMs: number;
  betweenQuestionsMs: number;
  completionDelayMs: number;
  speeds: number[];
}

export interface DemoScript {
  sessionId: string;
  name: string;
  description: string;
  stimulus: Stimulus;
  participants: SessionParticipant[];
  questions: string[];
  script: DemoTurn[];
  timing: DemoTiming;
}

export interface DemoCompleteResponse {
  id: string;
  name: string;
  status: SessionStatus;
  createdAt: string;
  completedAt: string;
  messageCount: number;
  tokensUsed: number;
}

/* ---------------------------------------------------------------------------------------
 * Session setup, dashboard and live events (POST /api/sessions, GET /api/sessions,
 * /api/draft, /api/uploads, /api/question-templates, GET /api/sessions/{id}/events).
 * ------------------------------------------------------------------------------------- */

export type DiscussionMode = "sequential" | "parallel";
export type StimulusPlatform = "youtube" | "vimeo" | "soundcloud" | "spotify" | "direct";

/** Per-session message sentiment counts (moderator messages are not counted). */
export interface SentimentCounts {
  positive: number;
  neutral: number;
  negative: number;
}

/** One row of GET /api/sessions (newest first). */
export interface SessionSummary {
  id: string;
  name: string;
  description: string;
  status: SessionStatus;
  createdAt: string;
  completedAt: string | null;
  participantCount: number;
  messageCount: number;
  sentimentCounts: SentimentCounts;
}

/** A stimulus as the create form sends it; the server recomputes `platform`. */
export interface StimulusInput {
  id?: string;
  type: StimulusType;
  title: string;
  content: string;
  description?: string | null;
  platform?: StimulusPlatform | null;
}

/** Body of POST /api/sessions (Start Session). */
export interface SessionCreateInput {
  name: string;
  description: string;
  participantIds: string[];
  moderatorStyle: ModeratorStyle;
  stimuli: StimulusInput[];
  questions: string[];
  settings: { responseLength: ResponseLength; discussionMode: DiscussionMode; autoAdvance: boolean };
}

export interface QuestionTemplate {
  id: string;
  name: string;
  questions: string[];
}

/** Answer of POST /api/uploads. */
export interface UploadResponse {
  /** Served back by the server: /uploads/<generated name>. */
  url: string;
  filename: string;
  originalName: string;
  contentType: string;
}

/**
 * The create form as kept in /api/draft (SPEC §3: responseLength at top level, status
 * draft). Any JSON object is accepted by the server; the form validates what it reads.
 */
export interface SessionDraft {
  status: "draft";
  name: string;
  description: string;
  participantIds: string[];
  moderatorStyle: ModeratorStyle;
  stimuli: StimulusInput[];
  questions: string[];
  responseLength: ResponseLength;
  discussionMode: DiscussionMode;
}

export interface DraftResponse {
  draft: Partial<SessionDraft> | Record<string, unknown> | null;
}

/** SSE payloads of GET /api/sessions/{id}/events (event name -> data). */
export interface TokenEventData {
  participantIndex: number;
  personaId: string | null;
  questionIndex: number;
  round: number;
  delta: string;
}

export interface ThinkingEventData {
  questionIndex: number;
  round: number;
  participants: { participantIndex: number; personaId: string | null; name: string | null }[];
}

export interface ProgressEventData extends SessionProgress {
  tokensUsed: number;
}

export interface StatusEventData {
  status: SessionStatus;
  running: boolean;
  error: { status: number | null; message: string } | null;
}

export interface ErrorEventData {
  status: number | null;
  message: string;
}
