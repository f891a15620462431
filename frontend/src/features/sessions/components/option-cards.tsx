import type { LucideIcon } from "lucide-react";
import { type KeyboardEvent, useRef } from "react";
import { cn } from "@/utils/cn";

export interface Option<T extends string> {
  value: T;
  label: string;
  description: string;
  icon?: LucideIcon;
}

export interface OptionCardsProps<T extends string> {
  label: string;
  value: T;
  options: readonly Option<T>[];
  onChange: (value: T) => void;
  columns?: 2 | 3;
}

/** A radio group drawn as cards (WAI-ARIA radio group: arrows move and select). */
export function OptionCards<T extends string>({
  label,
  value,
  options,
  onChange,
  columns = 3,
}: OptionCardsProps<T>) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const selectedIndex = Math.max(
    0,
    options.findIndex((o) => o.value === value),
  );

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const next = (index + step + options.length) % options.length;
    onChange(options[next].value);
    refs.current[next]?.focus();
  };

  return (
    <div
      role="radiogroup"
      aria-label={label}
      className={cn("grid gap-3", columns === 3 ? "sm:grid-cols-3" : "sm:grid-cols-2")}
    >
      {options.map((option, index) => {
        const checked = option.value === value;
        const Icon = option.icon;
        return (
          <button
            key={option.value}
            ref={(el) => {
              refs.current[index] = el;
            }}
            type="button"
            role="radio"
            aria-checked={checked}
            tabIndex={index === selectedIndex ? 0 : -1}
            onClick={() => onChange(option.value)}
            onKeyDown={(e) => onKeyDown(e, index)}
            className={cn(
              "flex cursor-pointer items-start gap-3 rounded-lg border bg-card p-3.5 text-left transition-colors outline-none",
              "focus-visible:ring-[3px] focus-visible:ring-ring/50",
              checked ? "border-primary bg-accent/60 ring-1 ring-primary" : "hover:bg-secondary",
            )}
          >
            <span
              aria-hidden="true"
              className={cn(
                "mt-0.5 flex size-4 shrink-0 items-center justify-center rounded-full border",
                checked ? "border-primary" : "border-input",
              )}
            >
              {checked && <span className="size-2 rounded-full bg-primary" />}
            </span>
            <span className="min-w-0 space-y-0.5">
              <span className="flex items-center gap-1.5 text-sm font-medium">
                {Icon && <Icon className="size-3.5 text-muted-foreground" aria-hidden="true" />}
                {option.label}
              </span>
              <span className="block text-xs leading-snug text-muted-foreground">
                {option.description}
              </span>
            </span>
          </button>
        );
      })}
    </div>
  );
}
