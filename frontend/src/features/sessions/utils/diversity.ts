/**
 * Group diversity score of product-rules §9, a port of the server's domain/diversity.py so the
 * create form can show it while personas are being picked. Keep the two in step: the
 * unit tests use the same numbers as tests/domain/test_diversity.py.
 *
 * - Per-trait diversity: min(100, population stdev / 40 x 100); missing traits count as 50.
 * - Demographic part: age range / 60, genders / 3, locations / participants, income levels / 5,
 *   each ratio capped at 1 and worth 25 points.
 * - Overall = round(0.7 x mean trait diversity + 0.3 x demographic part), half up.
 * - Warnings and suggestions compare the displayed (rounded) per-trait percentages.
 */
import type { DiversityLabel, TraitKey } from "@/lib/api-types";
import { TRAIT_KEYS } from "@/utils/traits";

export const MSG_TOO_FEW = "Select at least 2 personas to calculate group diversity";
export const MSG_SINGLE_GENDER = "All participants share the same gender";
export const MSG_SUGGEST_VARIETY =
  "Consider adding participants with more varied backgrounds and personalities";
export const MSG_SUGGEST_LOCATIONS = "Include participants from different locations";

const STD_FOR_FULL_DIVERSITY = 40;
const TRAIT_DEFAULT = 50;

export interface DiversityInput {
  age?: unknown;
  gender?: unknown;
  location?: unknown;
  income?: unknown;
  traits?: Partial<Record<TraitKey, unknown>> | null;
}

export interface DemographicDiversity {
  ageRange: number;
  genderCount: number;
  locationCount: number;
  incomeRange: number;
}

export interface DiversityResult {
  overallScore: number;
  traitDiversity: Record<TraitKey, number>;
  demographicDiversity: DemographicDiversity;
  warnings: string[];
  suggestions: string[];
}

function isNumber(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value);
}

/** Math.round semantics after trimming float noise (as mathutil.round_half_up). */
export function roundHalfUp(value: number): number {
  return Math.floor(Number(value.toFixed(9)) + 0.5);
}

function clamp(value: number, low = 0, high = 100): number {
  return Math.max(low, Math.min(high, value));
}

function norm(text: unknown): string {
  return typeof text === "string"
    ? text.trim().toLowerCase().split(/\s+/).filter(Boolean).join(" ")
    : "";
}

function distinct(
  personas: readonly DiversityInput[],
  field: "gender" | "location" | "income",
): number {
  const values = new Set(personas.map((p) => norm(p[field])));
  values.delete("");
  return values.size;
}

function demographics(personas: readonly DiversityInput[]): DemographicDiversity {
  const ages = personas.map((p) => p.age).filter(isNumber);
  return {
    ageRange: ages.length > 0 ? roundHalfUp(Math.max(...ages) - Math.min(...ages)) : 0,
    genderCount: distinct(personas, "gender"),
    locationCount: distinct(personas, "location"),
    incomeRange: distinct(personas, "income"),
  };
}

/** 0-100: four ratios, each capped at 1 and worth 25 points. */
export function demographicPoints(demo: DemographicDiversity, participants: number): number {
  const ratios = [
    demo.ageRange / 60,
    demo.genderCount / 3,
    participants ? demo.locationCount / participants : 0,
    demo.incomeRange / 5,
  ];
  return ratios.reduce((sum, r) => sum + 25 * Math.min(1, r), 0);
}

/** Percent diversity of one trait across the group (population standard deviation). */
export function traitDiversity(values: readonly number[]): number {
  if (values.length < 2) return 0;
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  const variance = values.reduce((sum, v) => sum + (v - mean) ** 2, 0) / values.length;
  return Math.min(100, (Math.sqrt(variance) / STD_FOR_FULL_DIVERSITY) * 100);
}

function zeroTraits(): Record<TraitKey, number> {
  return Object.fromEntries(TRAIT_KEYS.map((t) => [t, 0])) as Record<TraitKey, number>;
}

export function diversityScore(personas: readonly DiversityInput[]): DiversityResult {
  const group = personas.filter((p) => typeof p === "object" && p !== null);
  const demo = demographics(group);
  if (group.length < 2) {
    return {
      overallScore: 0,
      traitDiversity: zeroTraits(),
      demographicDiversity: demo,
      warnings: [MSG_TOO_FEW],
      suggestions: [],
    };
  }
  const exact = zeroTraits();
  for (const trait of TRAIT_KEYS) {
    const values = group.map((p) => {
      const raw = p.traits?.[trait];
      return clamp(isNumber(raw) ? raw : TRAIT_DEFAULT);
    });
    exact[trait] = traitDiversity(values);
  }
  const shown = zeroTraits();
  for (const trait of TRAIT_KEYS) shown[trait] = roundHalfUp(exact[trait]);
  const traitMean = TRAIT_KEYS.reduce((sum, t) => sum + exact[t], 0) / TRAIT_KEYS.length;
  const overall = roundHalfUp(0.7 * traitMean + 0.3 * demographicPoints(demo, group.length));

  const warnings = TRAIT_KEYS.filter((t) => shown[t] < 20).map(
    (t) => `Low ${t} diversity (${shown[t]}%)`,
  );
  if (demo.genderCount === 1) warnings.push(MSG_SINGLE_GENDER);
  if (demo.ageRange < 10) warnings.push(`Narrow age range (${demo.ageRange} years)`);

  const suggestions: string[] = [];
  if (overall < 50) suggestions.push(MSG_SUGGEST_VARIETY);
  for (const t of TRAIT_KEYS) {
    if (shown[t] < 30) suggestions.push(`Add participants with more varied ${t} levels`);
  }
  if (demo.locationCount < 2) suggestions.push(MSG_SUGGEST_LOCATIONS);

  return {
    overallScore: overall,
    traitDiversity: shown,
    demographicDiversity: demo,
    warnings,
    suggestions,
  };
}

/** 'Excellent' for 70+, 'Moderate' for 40-69, 'Low' under 40. */
export function diversityLabel(score: number): DiversityLabel {
  if (score >= 70) return "Excellent";
  return score >= 40 ? "Moderate" : "Low";
}
