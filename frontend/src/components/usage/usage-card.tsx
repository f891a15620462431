import { ReceiptIcon } from "lucide-react";
import { Card } from "@/components/ui/card";
import { formatCount, formatUsd } from "@/components/usage/format";
import type { Usage } from "@/components/usage/types";

/** What a session or survey used, as the providers reported it, and its cost. */
export function UsageCard({ usage, title = "Cost and tokens" }: { usage: Usage; title?: string }) {
  const share = usage.promptTokens
    ? Math.round((100 * usage.cachedTokens) / usage.promptTokens)
    : 0;
  return (
    <Card role="region" aria-label={title} className="gap-2 p-5" data-testid="usage-card">
      <div className="flex items-center gap-2">
        <ReceiptIcon className="size-4 text-primary" aria-hidden="true" />
        <h2 className="font-semibold">{title}</h2>
      </div>
      <p className="text-2xl font-semibold tabular-nums" data-testid="usage-cost">
        {formatUsd(usage.costUsd)}
      </p>
      <dl className="grid grid-cols-3 gap-2 text-xs">
        <div>
          <dt className="text-muted-foreground">Prompt tokens</dt>
          <dd className="font-medium tabular-nums">{formatCount(usage.promptTokens)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Answer tokens</dt>
          <dd className="font-medium tabular-nums">{formatCount(usage.completionTokens)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">From cache</dt>
          <dd className="font-medium tabular-nums">
            {formatCount(usage.cachedTokens)} ({share}%)
          </dd>
        </div>
      </dl>
      <p className="text-xs text-muted-foreground">
        As reported by the model's provider, priced at the time of each call.
      </p>
    </Card>
  );
}
