/**
 * Avatar helpers shared by every screen that shows a persona.
 * Class names are written out in full so Tailwind can find them. The 700 shades keep white
 * initials above the WCAG AA contrast ratio (4.5:1) on every colour.
 */
export const AVATAR_COLORS = [
  "bg-indigo-700",
  "bg-emerald-700",
  "bg-amber-700",
  "bg-rose-700",
  "bg-sky-700",
  "bg-violet-700",
  "bg-teal-700",
  "bg-orange-700",
] as const;

/** First letters of the first two words of the name, uppercase ("Sarah Chen" -> "SC"). */
export function initials(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => Array.from(word)[0] ?? "")
    .join("")
    .toUpperCase();
}

/** Avatar background for the persona at `index` in a list; cycles through 8 colours. */
export function avatarColor(index: number): string {
  const n = AVATAR_COLORS.length;
  const i = Number.isInteger(index) ? ((index % n) + n) % n : 0;
  return AVATAR_COLORS[i];
}

/** The avatar colours as hex values, in the same order, for charts (SVG fills). */
export const AVATAR_HEX = [
  "#4338ca",
  "#047857",
  "#b45309",
  "#be123c",
  "#0369a1",
  "#6d28d9",
  "#0f766e",
  "#c2410c",
] as const;

/** Chart colour matching avatarColor(index). */
export function avatarHex(index: number): string {
  const n = AVATAR_HEX.length;
  const i = Number.isInteger(index) ? ((index % n) + n) % n : 0;
  return AVATAR_HEX[i];
}

/** An avatar colour index that stays the same for a persona wherever a paged list shows it
 * (a hash of its id: a page's positions change with the search). */
export function avatarIndexOf(id: string): number {
  let hash = 0;
  for (let i = 0; i < id.length; i++) hash = (hash * 31 + id.charCodeAt(i)) >>> 0;
  return hash;
}
