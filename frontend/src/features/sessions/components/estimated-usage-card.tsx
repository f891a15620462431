import { GaugeIcon } from "lucide-react";
import { Card } from "@/components/ui/card";
import type { ResponseLength } from "@/lib/api-types";
import { estimateTokens, formatTokenEstimate, nonBlankQuestions, TOKENS_PER_RESPONSE } from "../utils/session-form";

export interface EstimatedUsageCardProps {
  participants: number;
  questions: readonly string[];
  responseLength: ResponseLength;
}

/** '~N tokens' = participants x non-blank questions x tokens per response (SPEC §9). */
export function EstimatedUsageCard({ participants, questions, responseLength }: EstimatedUsageCardProps) {
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
        {asked === 1 ? "question" : "questions"} × {TOKENS_PER_RESPONSE[responseLength]} tokens per response
      </p>
    </Card>
  );
}
