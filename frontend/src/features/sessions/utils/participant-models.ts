/**
 * Mixed panels on the live page (docs/models.md): which model each participant answers on, read
 * from the answers themselves (each records the model that wrote it). Shown only when the
 * answers so far come from more than one model; a panel on one model shows nothing extra.
 */
import type { SessionMessage } from "@/lib/api-types";

/** personaId -> the model of that participant's latest answer; null unless the panel is mixed. */
export function participantModels(messages: readonly SessionMessage[]): Map<string, string> | null {
  const byPersona = new Map<string, string>();
  const models = new Set<string>();
  for (const m of messages) {
    if (m.kind !== "response" || !m.personaId || !m.model) continue;
    byPersona.set(m.personaId, m.model);
    models.add(m.model);
  }
  return models.size > 1 ? byPersona : null;
}
