/**
 * Query keys shared by features, so that one feature's writes keep another's cache in
 * step without importing it (features do not import each other).
 */
export const queryKeys = {
  /** GET /api/personas (the Persona Library uses the same key). */
  personas: ["personas"] as const,
  /** GET /api/sessions: the dashboard's summaries. */
  sessionSummaries: ["session-summaries"] as const,
  /** GET /api/sessions/{id} (the results screen uses the same key). */
  session: (id: string) => ["sessions", id] as const,
  draft: ["draft"] as const,
  questionTemplates: ["question-templates"] as const,
};
