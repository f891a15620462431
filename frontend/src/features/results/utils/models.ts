import type { SessionMessage } from "@/lib/api-types";

/** Answers stored before profiles name no model. */
export const UNKNOWN_MODEL = "unknown model";
/** Value of the transcript's 'All models' option. */
export const ALL_MODELS = "__all_models__";

type Answer = Pick<SessionMessage, "kind" | "model">;

export function answerModel(message: Answer): string {
  return message.model ?? UNKNOWN_MODEL;
}

/** The models that wrote answers, in order of their first answer (the server's order). */
export function answerModels(messages: readonly Answer[]): string[] {
  const seen = new Set<string>();
  for (const m of messages) if (m.kind === "response") seen.add(answerModel(m));
  return [...seen];
}

/** The header's models of the answers (null: not recorded), as answerModels names them. */
export function modelNames(models: readonly (string | null)[]): string[] {
  return [...new Set(models.map((m) => m ?? UNKNOWN_MODEL))];
}

/** The moderator's posts and the answers `model` wrote (ALL_MODELS: everything). */
export function onlyModel<M extends Answer>(messages: readonly M[], model: string): M[] {
  if (model === ALL_MODELS) return [...messages];
  return messages.filter((m) => m.kind !== "response" || answerModel(m) === model);
}
