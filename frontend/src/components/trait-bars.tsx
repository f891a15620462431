import type { Traits } from "@/lib/api-types";
import { TRAIT_KEYS, TRAIT_LABELS, traitValue } from "@/lib/traits";
import { cn } from "@/lib/utils";

export interface TraitBarsProps {
  traits: Partial<Traits> | null | undefined;
  className?: string;
}

/** The five Big Five bars, each labelled 'value/100'; a missing trait shows as 50. */
export function TraitBars({ traits, className }: TraitBarsProps) {
  return (
    <dl className={cn("space-y-2", className)}>
      {TRAIT_KEYS.map((key) => {
        const value = traitValue(traits, key);
        return (
          <div key={key} data-testid={`trait-${key}`}>
            <div className="flex items-center justify-between text-xs">
              <dt className="text-muted-foreground">{TRAIT_LABELS[key]}</dt>
              <dd className="font-medium tabular-nums">{value}/100</dd>
            </div>
            <div
              role="meter"
              aria-label={TRAIT_LABELS[key]}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={value}
              className="mt-1 h-1.5 overflow-hidden rounded-full bg-muted"
            >
              <div className="h-full rounded-full bg-primary/80" style={{ width: `${value}%` }} />
            </div>
          </div>
        );
      })}
    </dl>
  );
}
