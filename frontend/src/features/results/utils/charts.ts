import type { Participation, RoundSentiment } from "@/lib/api-types";

export interface RoundSentimentDatum {
  /** Axis label, e.g. 'Q1 R2'. */
  label: string;
  /** Tooltip title, e.g. 'Question 1, round 2 (3 answers)'. */
  title: string;
  positive: number;
  neutral: number;
  negative: number;
  average: number;
}

/** The server's per question-and-round sentiment, in order, labelled 1-based for the chart. */
export function roundSentimentData(rows: readonly RoundSentiment[]): RoundSentimentDatum[] {
  return [...rows]
    .sort((a, b) => a.questionIndex - b.questionIndex || a.round - b.round)
    .map((r) => ({
      label: `Q${r.questionIndex + 1} R${r.round + 1}`,
      title: `Question ${r.questionIndex + 1}, round ${r.round + 1} (${r.count} ${r.count === 1 ? "answer" : "answers"})`,
      positive: r.positive,
      neutral: r.neutral,
      negative: r.negative,
      average: r.average,
    }));
}

export interface ParticipationDatum {
  name: string;
  responses: number;
}

/** One bar per speaker, in session order; unnamed speakers are labelled 'Unknown'. */
export function participationData(rows: readonly Participation[]): ParticipationDatum[] {
  return rows.map((r) => ({ name: r.name?.trim() || "Unknown", responses: r.responses }));
}
