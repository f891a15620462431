/** Persona tags ("Gen Z", "Chicago"): compared with spaces collapsed and case ignored. */

export function tagKey(tag: string): string {
  return tag.trim().split(/\s+/).join(" ").toLowerCase();
}

/** Every tag used in the library, first spelling kept, sorted alphabetically. */
export function collectTags(personas: readonly { tags?: readonly string[] | null }[]): string[] {
  const seen = new Map<string, string>();
  for (const p of personas) {
    for (const tag of p.tags ?? []) {
      const key = tagKey(tag);
      if (key && !seen.has(key)) seen.set(key, tag.trim());
    }
  }
  return [...seen.values()].sort((a, b) => a.localeCompare(b));
}

/** The personas carrying `tag` (all when `tag` is null). */
export function filterByTag<T extends { tags?: readonly string[] | null }>(
  personas: readonly T[],
  tag: string | null,
): T[] {
  if (!tag) return [...personas];
  const key = tagKey(tag);
  return personas.filter((p) => (p.tags ?? []).some((t) => tagKey(t) === key));
}

/** Tags typed in one field, separated by commas or ';' (blanks and repeats dropped). */
export function parseTags(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.split(/[,;]/)) {
    const tag = raw.trim().split(/\s+/).join(" ");
    if (tag && !out.some((t) => tagKey(t) === tagKey(tag))) out.push(tag);
  }
  return out;
}
