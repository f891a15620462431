import { CalculatorIcon, Loader2Icon } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Card } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useDefaultBudget, useEstimate } from "@/components/usage/queries";
import { formatCount, formatUsd, parseBudget } from "@/components/usage/format";
import type { EstimateTarget } from "@/components/usage/types";

/** `kind` and `body`: the create body as it would be sent now. */
export type CostEstimateCardProps = EstimateTarget & {
  /** False while the setup is too incomplete to estimate. */
  ready: boolean;
  budget: string;
  onBudgetChange: (text: string) => void;
};

function useDebounced<T>(value: T, ms: number): T {
  const [current, setCurrent] = useState(value);
  const key = JSON.stringify(value);
  const latest = useRef(value);
  latest.current = value;
  useEffect(() => {
    const t = setTimeout(() => setCurrent(latest.current), ms);
    return () => clearTimeout(t);
  }, [key, ms]);
  return current;
}

/** The estimated cost before the run (server-side: every planned call, as a low-high range with its
 * assumptions) and the run's budget. */
export function CostEstimateCard({
  ready,
  budget,
  onBudgetChange,
  ...target
}: CostEstimateCardProps) {
  const { kind } = target;
  const debounced = useDebounced<EstimateTarget>(target, 400);
  const estimate = useEstimate(debounced, ready);
  const fallback = useDefaultBudget();
  const parsed = parseBudget(budget);
  const defaultBudget = fallback.data?.budgetUsd;
  const over = estimate.data && parsed.value != null && estimate.data.costUsd > parsed.value;
  return (
    <Card
      role="region"
      aria-labelledby="cost-heading"
      className="gap-3 p-5"
      data-testid="cost-estimate"
    >
      <div className="flex items-center gap-2">
        <CalculatorIcon className="size-4 text-primary" aria-hidden="true" />
        <h2 id="cost-heading" className="font-semibold">
          Estimated Cost
        </h2>
        {estimate.isFetching && (
          <Loader2Icon
            className="size-3 animate-spin text-muted-foreground"
            aria-label="Updating"
          />
        )}
      </div>
      {!ready ? (
        <p className="text-sm text-muted-foreground">
          Choose participants and questions to see an estimate.
        </p>
      ) : estimate.isError ? (
        <p className="text-sm text-destructive" role="alert">
          Could not estimate the cost.
        </p>
      ) : !estimate.data ? (
        <p className="text-sm text-muted-foreground">Estimating…</p>
      ) : (
        <>
          <p className="text-3xl font-semibold tabular-nums" data-testid="cost-estimate-value">
            ~{formatUsd(estimate.data.costUsd)}
          </p>
          {estimate.data.range && (
            <p className="text-xs text-muted-foreground" data-testid="cost-estimate-range">
              Likely between {formatUsd(estimate.data.range.low.costUsd)} and{" "}
              {formatUsd(estimate.data.range.high.costUsd)} (
              {formatCount(
                estimate.data.range.low.promptTokens + estimate.data.range.low.completionTokens,
              )}
              -
              {formatCount(
                estimate.data.range.high.promptTokens + estimate.data.range.high.completionTokens,
              )}{" "}
              tokens).
            </p>
          )}
          <p className="text-xs text-muted-foreground" data-testid="cost-estimate-detail">
            {formatCount(estimate.data.calls)} model calls, ~
            {formatCount(estimate.data.promptTokens)} prompt and ~
            {formatCount(estimate.data.completionTokens)} answer tokens on{" "}
            {estimate.data.model || estimate.data.provider}.
          </p>
          {!estimate.data.priced && (
            <p
              className="text-xs text-destructive"
              role="alert"
              data-testid="cost-estimate-unpriced"
            >
              No price for {(estimate.data.unpriced ?? []).join(", ") || estimate.data.model}:
              counted as free here, and a run with a budget will not start. Set its price (or a
              fallback price) in Settings, Cost and budget.
            </p>
          )}
          {(estimate.data.assumptions ?? []).length > 0 && (
            <details className="text-xs text-muted-foreground">
              <summary className="cursor-pointer">What the range assumes</summary>
              <ul className="mt-1 list-disc space-y-0.5 pl-4">
                {estimate.data.assumptions.map((a) => (
                  <li key={a}>{a}</li>
                ))}
              </ul>
            </details>
          )}
        </>
      )}
      <div className="space-y-1.5">
        <Label htmlFor={`${kind}-budget`}>Budget (USD)</Label>
        <Input
          id={`${kind}-budget`}
          inputMode="decimal"
          value={budget}
          placeholder={defaultBudget != null ? `Default: ${formatUsd(defaultBudget)}` : "No budget"}
          aria-invalid={parsed.error ? true : undefined}
          aria-describedby={`${kind}-budget-hint`}
          onChange={(e) => onBudgetChange(e.target.value)}
        />
        <p
          id={`${kind}-budget-hint`}
          className="text-xs text-muted-foreground"
          role={parsed.error || over ? "alert" : undefined}
        >
          {parsed.error ??
            (over
              ? "The estimate is above this budget: the run will stop when it is reached."
              : "The run stops before a call would pass it.")}
        </p>
      </div>
    </Card>
  );
}
