import { GaugeIcon } from "lucide-react";
import { Card } from "@/components/ui/card";
import type { ModeratorKind, ResponseLength } from "@/lib/api-types";
import {
  estimateTokens,
  formatTokenEstimate,
  nonBlankQuestions,
  TOKENS_PER_RESPONSE,
} from "../utils/session-form";

export interface EstimatedUsageCardProps {
  participants: number;
  questions: readonly string[];
  responseLength: ResponseLength;
  moderator?: ModeratorKind;
}

/** The AI moderator's model calls per question: a follow-up opening rounds 2 and 3, and a summary. */
export const AI_MODERATOR_CALLS_PER_QUESTION = 3;

/** '~N tokens' = participants x non-blank questions x tokens per response (product-rules §9). */
export function EstimatedUsageCard({
  participants,
  questions,
  responseLength,
  moderator = "scripted",
}: EstimatedUsageCardProps) {
  const tokens = estimateTokens(participants, questions, responseLength);
  const asked = nonBlankQuestions(questions).length;
  return (
    <Card role="region" aria-labelledby="usage-heading" className="gap-3 p-5">
      <div className="flex items-center gap-2">
        <GaugeIcon className="size-4 text-primary" aria-hidden="true" />
        <h2 id="usage-heading" className="font-semibold">
          Estimated Usage
        </h2>
      </div>
      <p className="text-3xl font-semibold tabular-nums" data-testid="token-estimate">
        {formatTokenEstimate(tokens)}
      </p>
      <p className="text-xs text-muted-foreground">
        {participants} {participants === 1 ? "participant" : "participants"} × {asked}{" "}
        {asked === 1 ? "question" : "questions"} × {TOKENS_PER_RESPONSE[responseLength]} tokens per
        response
      </p>
      {moderator === "ai" && asked > 0 && (
        <p className="text-xs text-muted-foreground" data-testid="moderator-calls">
          The AI moderator adds {asked * AI_MODERATOR_CALLS_PER_QUESTION} model calls (two
          follow-ups and a summary per question), not counted above.
        </p>
      )}
    </Card>
  );
}
