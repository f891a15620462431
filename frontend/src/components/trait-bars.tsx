import type { Traits } from "@/lib/api-types";
import { TRAIT_KEYS, TRAIT_LABELS, traitValue } from "@/utils/traits";
import { cn } from "@/utils/cn";

export interface TraitBarsProps {
  traits: Partial<Traits> | null | undefined;
  className?: string;
  /** 'compact': label, bar and value on one line (for narrow side panels). */
  variant?: "default" | "compact";
}

function Meter({ label, value, className }: { label: string; value: number; className?: string }) {
  return (
    <div
      role="meter"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      className={cn("h-1.5 overflow-hidden rounded-full bg-muted", className)}
    >
      <div className="h-full rounded-full bg-primary/80" style={{ width: `${value}%` }} />
    </div>
  );
}

/**
 * The five Big Five bars, each labelled 'value/100'; a missing trait shows as 50.
 * Each trait is one valid <dl> group: a <div> holding only its <dt> and <dd>s (the meter sits
 * in a <dd> of its own), as screen readers and axe-core expect.
 */
export function TraitBars({ traits, className, variant = "default" }: TraitBarsProps) {
  if (variant === "compact") {
    return (
      <dl
        className={cn("grid grid-cols-[auto_1fr_auto] items-center gap-x-2.5 gap-y-1", className)}
      >
        {TRAIT_KEYS.map((key) => {
          const value = traitValue(traits, key);
          return (
            <div
              key={key}
              data-testid={`trait-${key}`}
              className="col-span-3 grid grid-cols-subgrid items-center"
            >
              <dt className="text-xs text-muted-foreground">{TRAIT_LABELS[key]}</dt>
              <dd>
                <Meter label={TRAIT_LABELS[key]} value={value} />
              </dd>
              <dd className="text-right text-xs font-medium tabular-nums">{value}/100</dd>
            </div>
          );
        })}
      </dl>
    );
  }
  return (
    <dl className={cn("space-y-2", className)}>
      {TRAIT_KEYS.map((key) => {
        const value = traitValue(traits, key);
        return (
          <div
            key={key}
            data-testid={`trait-${key}`}
            className="grid grid-cols-[1fr_auto] items-center text-xs"
          >
            <dt className="text-muted-foreground">{TRAIT_LABELS[key]}</dt>
            <dd className="font-medium tabular-nums">{value}/100</dd>
            <dd className="col-span-2 mt-1">
              <Meter label={TRAIT_LABELS[key]} value={value} />
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
