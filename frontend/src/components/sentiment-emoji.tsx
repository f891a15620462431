import type { Sentiment } from "@/lib/api-types";
import { isSentiment, SENTIMENT_EMOJI, SENTIMENT_LABELS } from "@/utils/sentiment";
import { cn } from "@/utils/cn";

export interface SentimentEmojiProps {
  sentiment: Sentiment | string | null | undefined;
  className?: string;
}

/** The emoji of a message's sentiment, named for screen readers; nothing when it has none. */
export function SentimentEmoji({ sentiment, className }: SentimentEmojiProps) {
  if (!isSentiment(sentiment)) return null;
  const label = `${SENTIMENT_LABELS[sentiment]} sentiment`;
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      data-testid="sentiment-emoji"
      data-sentiment={sentiment}
      className={cn("shrink-0 text-base leading-none", className)}
    >
      {SENTIMENT_EMOJI[sentiment]}
    </span>
  );
}
