/**
 * Avatar helpers shared by every screen that shows a persona.
 * Class names are written out in full so Tailwind can find them.
 */
export const AVATAR_COLORS = [
  "bg-indigo-500",
  "bg-emerald-500",
  "bg-amber-500",
  "bg-rose-500",
  "bg-sky-500",
  "bg-violet-500",
  "bg-teal-500",
  "bg-orange-500",
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
  "#6366f1",
  "#10b981",
  "#f59e0b",
  "#f43f5e",
  "#0ea5e9",
  "#8b5cf6",
  "#14b8a6",
  "#f97316",
] as const;

/** Chart colour matching avatarColor(index). */
export function avatarHex(index: number): string {
  const n = AVATAR_HEX.length;
  const i = Number.isInteger(index) ? ((index % n) + n) % n : 0;
  return AVATAR_HEX[i];
}
