/**
 * Types of the Colloquy REST API (JSON, camelCase).
 *
 * Part 1 derives every request/response type from `api-schema.d.ts`, which openapi-typescript
 * generates from the server's OpenAPI schema (`make openapi && cd frontend && npm run gen:api`;
 * tests/api/test_openapi_types_current.py fails when the checked-in schema is stale), so
 * client and server cannot drift. The server schema states every value set (session status,
 * moderator style, message kind, ...) and shape (participants, insights) itself; the only
 * narrowing left is a persona's `enriched` (free-form JSON on the server, its known keys in
 * `Enriched`) and the stimulus the create form builds (the server accepts any input and
 * reports wrong values in the product's words). Everything else is as generated.
 *
 * Part 2 is hand-written: what the OpenAPI schema does not describe (the draft the form
 * stores, value lists the UI offers).
 *
 * The exported names are stable; the app imports only from this file, never from the
 * generated one.
 */

import type { components } from "./api-schema";

type Schemas = components["schemas"];

/**
 * `T` with some fields narrowed to `R`'s: used only where the server schema is looser than
 * what the server sends or the client builds. Each field of `R` must be assignable to the
 * generated one, so a narrowed type is still a subtype of the server's schema.
 */
type Narrow<T, R extends { [K in keyof R]: K extends keyof T ? T[K] : never }> = Omit<T, keyof R> &
  R;

/* =======================================================================================
 * Part 1: derived from the server's OpenAPI schema.
 * ===================================================================================== */

/* Value sets the server schema states itself. */

/** Big Five scores, each 0-100. */
export type Traits = Schemas["Traits"];
export type TraitKey = keyof Traits;
export type Diversity = Schemas["GenerateRequest"]["diversity"];
export type Sentiment = Schemas["InsightsOut"]["overallSentiment"];
export type Priority = Schemas["RecommendationOut"]["priority"];
export type DiversityLabel = Schemas["DiversityOut"]["label"];

export type SessionStatus = Schemas["SessionOut"]["status"];
export type ModeratorStyle = Schemas["SessionOut"]["moderatorStyle"];
export type ResponseLength = Schemas["SessionSettingsOut"]["responseLength"];
export type DiscussionMode = Schemas["SessionSettingsOut"]["discussionMode"];
/** Who writes the prompts between rounds: the product's fixed text, or the AI moderator. */
export type ModeratorKind = Schemas["SessionSettingsOut"]["moderator"];
/** Message kinds; `probe` and `summary` are the AI moderator's. */
export type MessageKind = Schemas["MessageOut"]["kind"];
export type StimulusType = Schemas["StimulusOut"]["type"];
export type StimulusPlatform = NonNullable<Schemas["StimulusOut"]["platform"]>;

/* Personas and generation. */

/**
 * Fields a client sends to create or replace a persona. The server accepts anything here
 * on purpose and reports wrong values in the product's own words (PersonaCreate/PersonaUpdate).
 */
export type PersonaInput = Schemas["PersonaCreate"];
/** `enriched` is a dict on the server; its known keys are described by `Enriched`. */
export type Persona = Narrow<Schemas["PersonaOut"], { enriched: Enriched }>;
export type PersonaTemplate = Schemas["PersonaTemplateOut"];
export type GeneratePersonasRequest = Schemas["GenerateRequest"];
export type GeneratePersonasResponse = Schemas["GenerateResponse"];
export type AnalyzeDocumentRequest = Schemas["AnalyzeDocumentRequest"];
export type AnalyzeDocumentResponse = Schemas["AnalyzeDocumentResponse"];
export type ExtractDocumentResponse = Schemas["ExtractDocumentResponse"];
/** Answer of POST /api/personas/import: one verdict per row of the file. */
export type PersonaImportResult = Schemas["PersonaImportOut"];
export type PersonaImportRow = Schemas["PersonaImportRowOut"];
export type Health = Schemas["HealthOut"];
export type ModelSettings = Schemas["ModelSettingsOut"];
export type ModelSettingsInput = Schemas["ModelSettingsIn"];
export type ModelTest = Schemas["ModelTestOut"];
export type ModelSaved = Schemas["ModelSaveOut"];
export type ModelChoice = Schemas["ModelChoice"];
export type ProviderName = ModelSettings["provider"];
/** GET /api/models/catalog, POST /api/models/download, GET /api/models/downloads. */
export type CatalogModel = Schemas["CatalogModelOut"];
export type ModelDownload = Schemas["DownloadOut"];
export type ModelDownloadInput = Omit<Schemas["DownloadIn"], "overwrite"> & { overwrite?: boolean };
/** Provenance: the provider and model that produced a session (null until it runs). */
export type SessionModel = Schemas["SessionModelOut"];
/** Body of POST /api/sessions/{id}/rerun: no provider means the current model. */
export type SessionRerunInput = Schemas["SessionRerunIn"];
/** A saved model (GET /api/model-profiles); the key is write-only. */
export type ModelProfile = Schemas["ModelProfileOut"];
export type ModelProfileInput = Schemas["ModelProfileIn"];

/* Sessions (GET /api/sessions/{id}); shared by the session, dashboard and results screens. */

export type Stimulus = Schemas["StimulusOut"];
export type SessionSettings = Schemas["SessionSettingsOut"];
/** One line of a transcript; `speaker` is a participant name or 'Moderator'. */
export type SessionMessage = Schemas["MessageOut"];
export type SessionProgress = Schemas["ProgressOut"];
export type SessionErrorInfo = Schemas["ErrorInfo"];

/** A participant as stored on the session: a snapshot of the persona. */
export type SessionParticipant = Schemas["SessionParticipantOut"];
export type Session = Schemas["SessionOut"];
/** GET /api/sessions/{id}/header: the session without its messages (counts, models, private answers). */
export type SessionHeader = Schemas["SessionHeaderOut"];
/** One row of GET /api/sessions (newest first). */
export type SessionSummary = Schemas["SessionSummaryOut"];
/** Per-session message sentiment counts (moderator messages are not counted). */
export type SentimentCounts = Schemas["SentimentCounts"];
/** A page of the paged lists: rows, the cursor of the next page (null: last) and the total. */
export type SessionPage = Schemas["SessionPageOut"];
export type PersonaPage = Narrow<Schemas["PersonaPageOut"], { items: Persona[] }>;
/** The dashboard's summary cards, counted over the whole library. */
export type DashboardStats = Schemas["DashboardStatsOut"];

/* Trust: session health (GET /api/sessions/{id}/health) and the personality audit. */

export type SessionHealth = Schemas["SessionHealthOut"];
export type HealthFinding = Schemas["HealthFindingOut"];
export type PersonaAudit = Schemas["PersonaAuditOut"];
export type AuditSummary = Schemas["AuditSummaryOut"];
export type LibraryAudit = Schemas["LibraryAuditOut"];
export type AuditJob = Schemas["AuditJobOut"];

/**
 * A stimulus as the create form builds and sends it; the server recomputes `platform`.
 * The server accepts every field as optional (it reports missing ones in the product's words).
 */
export type StimulusInput = Narrow<
  Schemas["StimulusIn"],
  { type: StimulusType; title: string; content: string; platform?: StimulusPlatform | null }
>;
/** Body of POST /api/sessions (Start Session). */
export type SessionCreateInput = Schemas["SessionCreate"];
export type QuestionTemplate = Schemas["QuestionTemplateOut"];
/** Answer of POST /api/uploads; `url` is served back by the server: /uploads/<name>. */
export type UploadResponse = Schemas["UploadOut"];
/** Answer of GET/PUT /api/draft; the server keeps any JSON object (see `SessionDraft`). */
export type DraftResponse = Schemas["DraftOut"];

/* Results (GET /api/sessions/{id}/analytics, POST /api/sessions/{id}/insights). */

/** Percentages summing to 100 (all 0 when no message has a sentiment). */
export type SentimentBreakdown = Schemas["SentimentBreakdown"];
export type KeyTheme = Schemas["ThemeOut"];
export type Recommendation = Schemas["RecommendationOut"];
export type SessionInsights = Schemas["InsightsOut"];
export type WordCloudEntry = Schemas["WordOut"];
export type HighlightedQuote = Schemas["QuoteOut"];
export type DiversityAnalysis = Schemas["DiversityOut"];
export type TraitPattern = Schemas["TraitPatternOut"];
export type RoundSentiment = Schemas["RoundSentimentOut"];
export type Participation = Schemas["ParticipationOut"];
export type SessionAnalytics = Schemas["AnalyticsOut"];
/** GET /api/sessions/compare: one column per session. */
export type SessionComparison = Schemas["CompareOut"];

/* Synthesis across sessions (docs/synthesis.md). */
export type Synthesis = Schemas["SynthesisOut"];
export type SynthesisTheme = Schemas["SynthesisThemeOut"];
export type SynthesisQuote = Schemas["SynthesisQuoteOut"];
export type SynthesisSegments = Schemas["SynthesisSegmentsOut"];

/* Studies: one interview guide x many personas (docs/interviews.md#studies). */
export type Study = Schemas["StudyOut"];
export type StudyInterview = Schemas["StudyInterviewOut"];
export type StudySummary = Schemas["StudySummaryOut"];
export type StudyPage = Schemas["StudyPageOut"];
export type StudyCreate = Schemas["StudyCreate"];
export type ComparedSession = Schemas["CompareSessionOut"];

/* Demo session (GET /api/demo-script, POST /api/sessions/demo/complete). */

export type DemoReply = Schemas["DemoReplyOut"];
export type DemoTurn = Schemas["DemoTurnOut"];
export type DemoTiming = Schemas["DemoTimingOut"];
/** `enriched` is a dict on the server; its known keys are described by `Enriched`. */
export type DemoParticipant = Narrow<Schemas["DemoPersonaOut"], { enriched: Enriched }>;
export type DemoScript = Narrow<Schemas["DemoScriptOut"], { participants: DemoParticipant[] }>;
export type DemoCompleteResponse = Schemas["DemoCompleteOut"];

/* Live events (GET /api/sessions/{id}/events): each event's data, by event name. */

export type TokenEventData = Schemas["TokenEventData"];
/**
 * `retrying`: the model call for this answer is tried again; its streamed text is void.
 * `waiting` (same data): the call queues for a busy model endpoint.
 */
export type RetryingEventData = Schemas["AnswerRef"];
export type ThinkingEventData = Schemas["ThinkingEventData"];
export type ProgressEventData = Schemas["ProgressEventData"];
export type StatusEventData = Schemas["StatusEventData"];
export type TakeoverEventData = Schemas["TakeoverEventData"];
export type ErrorEventData = Schemas["ErrorInfo"];

/* =======================================================================================
 * Part 2: hand-written; the server's OpenAPI schema does not describe these.
 * ===================================================================================== */

export type Gender = "Male" | "Female" | "Non-binary" | "Prefer not to say";
export type IncomeBand = "Under $30k" | "$30-60k" | "$60-100k" | "$100k+" | "$150k+";

/**
 * Derived attributes computed by the server from traits and demographics
 * (`enriched` is `dict[str, Any]` in the server schema).
 */
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

/** Error body of every response with status >= 400 (written by the app's one error handler). */
export interface ErrorBody {
  error: string;
  errors?: string[];
  code?: string;
}

/**
 * The create form as kept in /api/draft (product-rules §3: responseLength at top level, status
 * draft). Any JSON object is accepted by the server; the form validates what it reads.
 */
export type SessionDraft = {
  status: "draft";
  name: string;
  description: string;
  participantIds: string[];
  moderatorStyle: ModeratorStyle;
  stimuli: StimulusInput[];
  questions: string[];
  responseLength: ResponseLength;
  discussionMode: DiscussionMode;
  moderator: ModeratorKind;
  privateAnswers?: boolean;
  modelBids?: boolean;
  /** "cache-friendly" when chosen; absent: persona-first. */
  promptLayout?: "cache-friendly";
  /** Mixed panel: persona id -> model profile id. */
  participantProfiles?: Record<string, string>;
  /** An interview (docs/interviews.md) and its follow-ups per topic. */
  kind?: "group" | "interview";
  maxProbes?: number;
};
