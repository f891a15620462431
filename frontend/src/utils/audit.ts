import type { TraitKey } from "@/lib/api-types";

/** Short trait letters for the compact line on a persona card. */
export const TRAIT_LETTERS: Record<TraitKey, string> = {
  openness: "O",
  conscientiousness: "C",
  extraversion: "E",
  agreeableness: "A",
  neuroticism: "N",
};

export type TraitNumbers = Partial<Record<TraitKey, number | null>>;

/** A measured value for display: rounded, or an en dash when the model skipped the items. */
export function shown(value: number | null | undefined): string {
  return typeof value === "number" && Number.isFinite(value) ? String(Math.round(value)) : "–";
}

/** Measured minus assigned, signed ('+12', '-5', '0'); empty when either is missing. */
export function gap(
  assigned: number | null | undefined,
  measured: number | null | undefined,
): string {
  if (typeof assigned !== "number" || typeof measured !== "number") return "";
  const d = Math.round(measured - assigned);
  return d > 0 ? `+${d}` : String(d);
}

/** Mean absolute gap over the traits both sides have; null when none. */
export function meanGap(assigned: TraitNumbers, measured: TraitNumbers): number | null {
  const gaps = (Object.keys(TRAIT_LETTERS) as TraitKey[])
    .map((k) => {
      const a = assigned[k];
      const m = measured[k];
      return typeof a === "number" && typeof m === "number" ? Math.abs(m - a) : null;
    })
    .filter((g): g is number => g !== null);
  return gaps.length ? gaps.reduce((s, g) => s + g, 0) / gaps.length : null;
}

export function formatR(r: number | null | undefined): string {
  return typeof r === "number" ? r.toFixed(2) : "not enough data";
}
