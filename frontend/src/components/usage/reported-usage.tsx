import { formatCount, formatUsd, totalTokens } from "@/components/usage/format";
import type { Usage } from "@/components/usage/types";

/** The real count beside the product's 'Tokens Used' estimate: what the provider reported. */
export function ReportedUsage({ usage }: { usage: Usage }) {
  return (
    <div className="flex items-baseline justify-between gap-2">
      <span className="text-muted-foreground">Reported by the model</span>
      <span className="font-medium tabular-nums" data-testid="tokens-reported">
        {formatCount(totalTokens(usage))} · {formatUsd(usage.costUsd)}
      </span>
    </div>
  );
}
