import type { Sentiment } from "@/lib/api-types";

/** product-rules §4 sentiment rule: the keywords counted, as whole words, case-insensitively. */
export const POSITIVE_WORDS: ReadonlySet<string> = new Set([
  "great",
  "love",
  "excellent",
  "amazing",
  "fantastic",
  "wonderful",
  "good",
  "best",
  "perfect",
]);

export const NEGATIVE_WORDS: ReadonlySet<string> = new Set([
  "bad",
  "hate",
  "terrible",
  "awful",
  "horrible",
  "worst",
  "poor",
  "disappointing",
  "never",
]);

const WORD = /\p{L}+/gu;

/**
 * 'positive' when positive keywords outnumber negative ones, 'negative' for the reverse,
 * otherwise (a tie, or none) 'neutral'. The same rule as the server's domain/sentiment.py.
 */
export function sentimentOf(text: unknown): Sentiment {
  if (typeof text !== "string") return "neutral";
  let positive = 0;
  let negative = 0;
  for (const word of text.toLowerCase().match(WORD) ?? []) {
    if (POSITIVE_WORDS.has(word)) positive += 1;
    else if (NEGATIVE_WORDS.has(word)) negative += 1;
  }
  if (positive > negative) return "positive";
  return negative > positive ? "negative" : "neutral";
}

export const SENTIMENT_EMOJI: Record<Sentiment, string> = {
  positive: "😊",
  neutral: "😐",
  negative: "😟",
};

export const SENTIMENT_LABELS: Record<Sentiment, string> = {
  positive: "Positive",
  neutral: "Neutral",
  negative: "Negative",
};

export function isSentiment(value: unknown): value is Sentiment {
  return value === "positive" || value === "neutral" || value === "negative";
}
