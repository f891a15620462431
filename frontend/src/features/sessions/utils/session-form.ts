/**
 * The Create New Session form (product-rules §2, §5, §9): its values, the rules of each section, the
 * draft kept in /api/draft and the request that starts the session. Pure functions.
 */
import type {
  DiscussionMode,
  ModeratorKind,
  ModeratorStyle,
  ResponseLength,
  SessionCreateInput,
  SessionDraft,
  StimulusInput,
  StimulusType,
} from "@/lib/api-types";
import { participantProfiles, profileChoiceFrom } from "@/utils/participant-models";
import { STIMULUS_TYPES } from "./stimuli";

export const PARTICIPANTS_MIN = 3;
export const PARTICIPANTS_MAX = 8;
export const QUESTIONS_MIN = 2;
export const QUESTIONS_MAX = 10;
export const NEW_SESSION_QUESTION_ROWS = 3;
export const AUTOSAVE_MS = 5000;
export const MSG_SELECT_PERSONAS = "Please select 3-8 personas";
/* An interview (docs/interviews.md): one persona, 1-30 questions or topics, 0-5 follow-ups. */
export type SessionKind = "group" | "interview";
export const INTERVIEW_QUESTIONS_MAX = 30;
export const MAX_PROBES_LIMIT = 5;
export const DEFAULT_MAX_PROBES = 2;
export const MSG_SELECT_ONE_PERSONA = "Please select 1 persona to interview";

/** Question rows: 2-10 for a focus group, 1-30 for an interview. */
export function questionLimits(kind: SessionKind): { min: number; max: number } {
  return kind === "interview" ? { min: 1, max: INTERVIEW_QUESTIONS_MAX } : { min: 2, max: 10 };
}

export const MODERATOR_STYLES: readonly ModeratorStyle[] = ["formal", "casual", "probing"];
export const RESPONSE_LENGTHS: readonly ResponseLength[] = ["brief", "moderate", "detailed"];
export const DISCUSSION_MODES: readonly DiscussionMode[] = ["sequential", "parallel", "natural"];
export const MODERATORS: readonly ModeratorKind[] = ["scripted", "ai"];

/** Max tokens per answer, also the per-answer figure of the setup estimate (product-rules §9). */
export const TOKENS_PER_RESPONSE: Record<ResponseLength, number> = {
  brief: 50,
  moderate: 150,
  detailed: 300,
};

export interface SessionFormValues {
  name: string;
  description: string;
  /** Persona ids in the order chosen; the first is the first participant. */
  participantIds: string[];
  moderatorStyle: ModeratorStyle;
  stimuli: StimulusInput[];
  /** The question rows as typed (blank rows included). */
  questions: string[];
  responseLength: ResponseLength;
  discussionMode: DiscussionMode;
  /** scripted: the fixed round prompts; ai: the moderator model probes and sums up. */
  moderator: ModeratorKind;
  /** Private answers before and after each question. */
  privateAnswers: boolean;
  /** Natural mode: participants bid 0-9 to speak (one model call per turn). */
  modelBids: boolean;
  /** Prompt layout "cache-friendly" (sequential and parallel): the shared part first. */
  cacheFriendly?: boolean;
  /** Mixed panel: persona id -> model profile id; absent: the default model. */
  participantProfiles: Record<string, string>;
  /** A focus group or an interview (one persona, an interviewer). */
  kind: SessionKind;
  /** An interview's AI interviewer: follow-ups per topic, 0-5. */
  maxProbes: number;
}

export function defaultFormValues(): SessionFormValues {
  return {
    name: "",
    description: "",
    participantIds: [],
    moderatorStyle: "formal",
    stimuli: [],
    questions: Array.from({ length: NEW_SESSION_QUESTION_ROWS }, () => ""),
    responseLength: "moderate",
    discussionMode: "sequential",
    moderator: "scripted",
    privateAnswers: false,
    modelBids: false,
    participantProfiles: {},
    kind: "group",
    maxProbes: DEFAULT_MAX_PROBES,
  };
}

/* --- participants ------------------------------------------------------------------- */

/** Selects or deselects a persona; selecting beyond 8 is ignored. An interview has one:
 * selecting another replaces it. */
export function toggleParticipant(
  ids: readonly string[],
  id: string,
  kind: SessionKind = "group",
): string[] {
  if (ids.includes(id)) return ids.filter((i) => i !== id);
  if (kind === "interview") return [id];
  if (ids.length >= PARTICIPANTS_MAX) return [...ids];
  return [...ids, id];
}

/** Puts the persona passed in through navigation first (product-rules §2), keeping at most 8. */
export function withFirstParticipant(
  ids: readonly string[],
  id: string | null | undefined,
): string[] {
  if (!id) return [...ids];
  return [id, ...ids.filter((i) => i !== id)].slice(0, PARTICIPANTS_MAX);
}

export function participantCountOk(count: number, kind: SessionKind = "group"): boolean {
  if (kind === "interview") return count === 1;
  return count >= PARTICIPANTS_MIN && count <= PARTICIPANTS_MAX;
}

/** Switching the kind keeps what fits: an interview keeps the first persona and at most 30
 * rows, a group at most 10 rows and at least 2. */
export function withKind(values: SessionFormValues, kind: SessionKind): SessionFormValues {
  const { min, max } = questionLimits(kind);
  const questions = values.questions.slice(0, max);
  while (questions.length < min) questions.push("");
  return {
    ...values,
    kind,
    participantIds:
      kind === "interview" ? values.participantIds.slice(0, 1) : values.participantIds,
    questions,
  };
}

/* --- questions ---------------------------------------------------------------------- */

export function nonBlankQuestions(questions: readonly string[]): string[] {
  return questions.map((q) => q.trim()).filter((q) => q !== "");
}

export function addQuestionRow(
  questions: readonly string[],
  max: number = QUESTIONS_MAX,
): string[] {
  return questions.length >= max ? [...questions] : [...questions, ""];
}

/** Removes a row; never below 2 rows (the remove button is hidden at 2 or fewer); an
 * interview keeps at least 1. */
export function removeQuestionRow(
  questions: readonly string[],
  index: number,
  min: number = QUESTIONS_MIN,
): string[] {
  if (questions.length <= min) return [...questions];
  return questions.filter((_, i) => i !== index);
}

export function canRemoveQuestion(rowCount: number, min: number = QUESTIONS_MIN): boolean {
  return rowCount > min;
}

export function setQuestion(questions: readonly string[], index: number, text: string): string[] {
  return questions.map((q, i) => (i === index ? text : q));
}

/** The rows a template fills in: its preset questions (2-10 rows). */
export function questionsFromTemplate(templateQuestions: readonly string[]): string[] {
  const rows = templateQuestions.slice(0, QUESTIONS_MAX);
  while (rows.length < QUESTIONS_MIN) rows.push("");
  return rows;
}

/* --- estimate and start rule -------------------------------------------------------- */

/** participants x non-blank questions x tokens per answer (50 / 150 / 300). */
export function estimateTokens(
  participants: number,
  questions: readonly string[],
  length: ResponseLength,
): number {
  return (
    Math.max(0, participants) *
    nonBlankQuestions(questions).length *
    (TOKENS_PER_RESPONSE[length] ?? 150)
  );
}

export function formatTokenEstimate(tokens: number): string {
  return `~${tokens.toLocaleString("en-US")} tokens`;
}

/** Start Session: a non-blank name, 3-8 personas and at least 2 non-blank questions. */
export function canStartSession(
  values: Pick<SessionFormValues, "name" | "participantIds" | "questions"> & {
    kind?: SessionKind;
  },
): boolean {
  const kind = values.kind ?? "group";
  return (
    values.name.trim() !== "" &&
    participantCountOk(values.participantIds.length, kind) &&
    nonBlankQuestions(values.questions).length >= questionLimits(kind).min
  );
}

export function toCreateInput(values: SessionFormValues): SessionCreateInput {
  if (values.kind === "interview") {
    // Natural mode and private answers need several speakers: not sent for an interview.
    return {
      name: values.name.trim(),
      description: values.description.trim(),
      kind: "interview",
      participantIds: values.participantIds.slice(0, 1),
      moderatorStyle: values.moderatorStyle,
      stimuli: values.stimuli.map((s) => ({ ...s })),
      questions: nonBlankQuestions(values.questions),
      settings: {
        responseLength: values.responseLength,
        discussionMode: "sequential",
        autoAdvance: false,
        moderator: values.moderator,
        privateAnswers: false,
        modelBids: false,
        maxProbes: values.maxProbes,
      },
    };
  }
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    participantIds: [...values.participantIds],
    moderatorStyle: values.moderatorStyle,
    stimuli: values.stimuli.map((s) => ({ ...s })),
    questions: nonBlankQuestions(values.questions),
    settings: {
      responseLength: values.responseLength,
      discussionMode: values.discussionMode,
      autoAdvance: false,
      moderator: values.moderator,
      privateAnswers: values.privateAnswers,
      modelBids: values.discussionMode === "natural" && values.modelBids,
      ...(values.cacheFriendly && values.discussionMode !== "natural"
        ? { promptLayout: "cache-friendly" as const }
        : {}),
    },
  };
}

/* --- draft -------------------------------------------------------------------------- */

/** The draft is autosaved only while a name or participants exist (product-rules §4). */
export function shouldAutosave(
  values: Pick<SessionFormValues, "name" | "participantIds">,
): boolean {
  return values.name.trim() !== "" || values.participantIds.length > 0;
}

export function toDraft(values: SessionFormValues): SessionDraft {
  const profiles = participantProfiles(values.participantProfiles, values.participantIds);
  return {
    status: "draft",
    name: values.name,
    description: values.description,
    participantIds: [...values.participantIds],
    moderatorStyle: values.moderatorStyle,
    stimuli: values.stimuli.map((s) => ({ ...s })),
    questions: [...values.questions],
    responseLength: values.responseLength,
    discussionMode: values.discussionMode,
    moderator: values.moderator,
    privateAnswers: values.privateAnswers,
    modelBids: values.modelBids,
    ...(values.kind === "interview" ? { kind: "interview", maxProbes: values.maxProbes } : {}),
    ...(values.cacheFriendly ? { promptLayout: "cache-friendly" as const } : {}),
    ...(Object.keys(profiles).length ? { participantProfiles: profiles } : {}),
  };
}

function oneOf<T extends string>(value: unknown, options: readonly T[], fallback: T): T {
  return options.find((option) => option === value) ?? fallback;
}

function str(value: unknown, max = 20_000): string {
  return typeof value === "string" ? value.slice(0, max) : "";
}

function stimulusFrom(value: unknown): StimulusInput | null {
  if (typeof value !== "object" || value === null) return null;
  const s = value as Record<string, unknown>;
  const type = oneOf<StimulusType | "">(s.type, STIMULUS_TYPES, "");
  if (!type || typeof s.title !== "string" || typeof s.content !== "string") return null;
  return {
    id: typeof s.id === "string" && s.id ? s.id : undefined,
    type,
    title: s.title,
    content: s.content,
    ...(typeof s.description === "string" && s.description ? { description: s.description } : {}),
    ...(typeof s.platform === "string" && s.platform
      ? { platform: s.platform as StimulusInput["platform"] }
      : {}),
  };
}

/**
 * The form values of a stored draft; anything missing or malformed takes its default, so an
 * old or hand-edited draft never breaks the form. Null when there is no usable draft.
 */
export function formValuesFromDraft(draft: unknown): SessionFormValues | null {
  if (typeof draft !== "object" || draft === null || Array.isArray(draft)) return null;
  const d = draft as Record<string, unknown>;
  const defaults = defaultFormValues();
  const ids = Array.isArray(d.participantIds)
    ? [...new Set(d.participantIds.filter((i): i is string => typeof i === "string" && i !== ""))]
    : [];
  const kind: SessionKind = d.kind === "interview" ? "interview" : "group";
  const limits = questionLimits(kind);
  const questions = Array.isArray(d.questions)
    ? d.questions.filter((q): q is string => typeof q === "string").slice(0, limits.max)
    : [];
  const settings = (
    typeof d.settings === "object" && d.settings !== null ? d.settings : {}
  ) as Record<string, unknown>;
  const probes = d.maxProbes ?? settings.maxProbes;
  const values: SessionFormValues = {
    name: str(d.name, 1000),
    description: str(d.description),
    participantIds: ids.slice(0, kind === "interview" ? 1 : PARTICIPANTS_MAX),
    moderatorStyle: oneOf(d.moderatorStyle, MODERATOR_STYLES, defaults.moderatorStyle),
    stimuli: Array.isArray(d.stimuli)
      ? d.stimuli
          .map(stimulusFrom)
          .filter((s): s is StimulusInput => s !== null)
          .slice(0, 10)
      : [],
    questions: questions.length >= limits.min ? questions : defaults.questions,
    responseLength: oneOf(
      d.responseLength ?? settings.responseLength,
      RESPONSE_LENGTHS,
      defaults.responseLength,
    ),
    discussionMode: oneOf(
      d.discussionMode ?? settings.discussionMode,
      DISCUSSION_MODES,
      defaults.discussionMode,
    ),
    moderator: oneOf(d.moderator ?? settings.moderator, MODERATORS, defaults.moderator),
    privateAnswers: (d.privateAnswers ?? settings.privateAnswers) === true,
    modelBids: (d.modelBids ?? settings.modelBids) === true,
    ...((d.promptLayout ?? settings.promptLayout) === "cache-friendly"
      ? { cacheFriendly: true }
      : {}),
    participantProfiles: {},
    kind,
    maxProbes:
      typeof probes === "number" && Number.isInteger(probes) && probes >= 0 && probes <= 5
        ? probes
        : DEFAULT_MAX_PROBES,
  };
  values.participantProfiles = profileChoiceFrom(
    d.participantProfiles ?? settings.participantProfiles,
    values.participantIds,
  );
  return values;
}
