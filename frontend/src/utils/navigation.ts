import type { Persona } from "@/lib/api-types";

/** Router state passed to /create-session by "Use in Session" (product-rules §2). */
export interface CreateSessionNavigationState {
  persona: Persona;
}

/** Reads the persona carried in router state, or null when there is none or it is malformed. */
export function personaFromNavigationState(state: unknown): Persona | null {
  if (typeof state !== "object" || state === null) return null;
  const persona = (state as { persona?: unknown }).persona;
  if (typeof persona !== "object" || persona === null) return null;
  const candidate = persona as Partial<Persona>;
  return typeof candidate.id === "string" && typeof candidate.name === "string"
    ? (candidate as Persona)
    : null;
}
