import type { TraitKey, Traits } from "@/lib/api-types";

/** The Big Five in display order. */
export const TRAIT_KEYS: readonly TraitKey[] = [
  "openness",
  "conscientiousness",
  "extraversion",
  "agreeableness",
  "neuroticism",
];

export const TRAIT_LABELS: Record<TraitKey, string> = {
  openness: "Openness",
  conscientiousness: "Conscientiousness",
  extraversion: "Extraversion",
  agreeableness: "Agreeableness",
  neuroticism: "Neuroticism",
};

export const DEFAULT_TRAIT_VALUE = 50;

/** A trait's value for display: a missing or non-numeric trait counts as 50. */
export function traitValue(traits: Partial<Traits> | null | undefined, key: TraitKey): number {
  const value = traits?.[key];
  if (typeof value !== "number" || !Number.isFinite(value)) return DEFAULT_TRAIT_VALUE;
  return Math.min(100, Math.max(0, Math.round(value)));
}

/** All five traits with missing ones filled with 50. */
export function completeTraits(traits: Partial<Traits> | null | undefined): Traits {
  return {
    openness: traitValue(traits, "openness"),
    conscientiousness: traitValue(traits, "conscientiousness"),
    extraversion: traitValue(traits, "extraversion"),
    agreeableness: traitValue(traits, "agreeableness"),
    neuroticism: traitValue(traits, "neuroticism"),
  };
}
