import type { WordCloudEntry } from "@/lib/api-types";

export const CLOUD_LIMIT = 30;
export const MIN_FONT_PX = 12;
export const MAX_FONT_PX = 32;

export interface CloudWord {
  text: string;
  count: number;
  /** Font size in px, 12-32. */
  fontSize: number;
  /** 0 for the most frequent word. */
  rank: number;
}

/**
 * The words the cloud shows: the 30 most frequent (the server sends them by frequency),
 * with the server's size clamped to 12-32 px, laid out alphabetically as tag clouds are.
 */
export function cloudWords(words: readonly WordCloudEntry[]): CloudWord[] {
  return [...words]
    .sort((a, b) => b.count - a.count)
    .slice(0, CLOUD_LIMIT)
    .map((w, rank) => ({
      text: w.text,
      count: w.count,
      fontSize: Math.min(
        MAX_FONT_PX,
        Math.max(MIN_FONT_PX, Math.round(Number.isFinite(w.size) ? w.size : MIN_FONT_PX)),
      ),
      rank,
    }))
    .sort((a, b) => a.text.localeCompare(b.text));
}
