import type * as React from "react";
import { isSentiment, SENTIMENT_LABELS } from "@/utils/sentiment";
import { cn } from "@/utils/cn";

const STYLES = {
  positive: "bg-emerald-100 text-emerald-800",
  neutral: "bg-slate-100 text-slate-700",
  negative: "bg-rose-100 text-rose-800",
} as const;

export interface SentimentBadgeProps extends React.ComponentProps<"span"> {
  sentiment: string | null | undefined;
  /** Text after the label, e.g. ' overall'. */
  suffix?: string;
}

/** A soft badge naming a sentiment in its colour (green, grey, red). */
export function SentimentBadge({
  sentiment,
  suffix = "",
  className,
  ...props
}: SentimentBadgeProps) {
  const key = isSentiment(sentiment) ? sentiment : "neutral";
  return (
    <span
      data-sentiment={key}
      className={cn(
        "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap",
        STYLES[key],
        className,
      )}
      {...props}
    >
      {SENTIMENT_LABELS[key]}
      {suffix}
    </span>
  );
}
