/**
 * Mixed panels (docs/models.md): which model profile each participant answers on. The API field is
 * `settings.participantProfiles: {personaId: profileId}`; a participant not named answers on
 * the default model. "" stands for the default model in the form.
 */

export type ProfileChoice = Readonly<Record<string, string>>;

/** Deals the participants, in the order chosen, over the profiles in turn ("" = default). */
export function spreadAcross(
  participantIds: readonly string[],
  profileIds: readonly string[],
): Record<string, string> {
  if (profileIds.length === 0) return {};
  const out: Record<string, string> = {};
  participantIds.forEach((id, i) => {
    const profile = profileIds[i % profileIds.length];
    if (profile) out[id] = profile;
  });
  return out;
}

/** The choice as the API takes it: only selected participants, only named profiles. */
export function participantProfiles(
  choice: ProfileChoice,
  participantIds: readonly string[],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const id of participantIds) {
    const profile = choice[id];
    if (profile) out[id] = profile;
  }
  return out;
}

/** A create body with the panel's models in its settings (none chosen: unchanged). */
export function withParticipantProfiles<
  T extends { participantIds?: string[]; settings?: object | null },
>(input: T, choice: ProfileChoice): T {
  const chosen = participantProfiles(choice, input.participantIds ?? []);
  if (Object.keys(chosen).length === 0) return input;
  return { ...input, settings: { ...(input.settings ?? {}), participantProfiles: chosen } };
}

/**
 * A choice read back from a stored draft or guide: string profile ids of the given
 * participants only; anything else (old drafts, hand edits) is dropped.
 */
export function profileChoiceFrom(
  value: unknown,
  participantIds: readonly string[],
): Record<string, string> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return {};
  const raw = value as Record<string, unknown>;
  const out: Record<string, string> = {};
  for (const id of participantIds) {
    const profile = raw[id];
    if (typeof profile === "string" && profile) out[id] = profile;
  }
  return out;
}
