/**
 * The parts of a group diversity analysis (product-rules §9) shared by the create form's Diversity
 * Score card and the results' Group Diversity Analysis card: per-trait meters, the
 * demographics line, and the warnings and suggestions. Each card lays them out itself.
 */
import { AlertTriangleIcon, LightbulbIcon } from "lucide-react";
import type { TraitKey } from "@/lib/api-types";
import { TRAIT_KEYS, TRAIT_LABELS } from "@/utils/traits";
import { cn } from "@/utils/cn";

export interface Demographics {
  ageRange: number;
  genderCount: number;
  locationCount: number;
  incomeRange: number;
}

function plural(n: number, word: string) {
  return `${n} ${n === 1 ? word : `${word}s`}`;
}

/** One meter per Big Five trait, 0-100 %; `barClassName` colours a bar from its value. */
export function TraitDiversityMeters({
  traitDiversity,
  barClassName,
}: {
  traitDiversity: Partial<Record<TraitKey, number>>;
  barClassName: (value: number) => string;
}) {
  return (
    <dl className="space-y-2.5" aria-label="Trait diversity">
      {TRAIT_KEYS.map((key) => {
        const value = Math.min(100, Math.max(0, Math.round(traitDiversity[key] ?? 0)));
        return (
          <div key={key} className="grid grid-cols-[1fr_auto] items-center text-xs">
            <dt className="text-muted-foreground">{TRAIT_LABELS[key]}</dt>
            <dd className="font-medium tabular-nums">{value}%</dd>
            <dd className="col-span-2 mt-1">
              <div
                role="meter"
                aria-label={`${TRAIT_LABELS[key]} diversity`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={value}
                className="h-1.5 overflow-hidden rounded-full bg-muted"
              >
                <div
                  className={cn("h-full rounded-full", barClassName(value))}
                  style={{ width: `${value}%` }}
                />
              </div>
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

/** 'Ages span 12 years · 2 genders · 3 locations · 2 income levels'. */
export function DemographicsLine({
  demographics,
  className,
}: {
  demographics: Demographics;
  className?: string;
}) {
  const d = demographics;
  return (
    <p className={cn("text-muted-foreground", className)}>
      Ages span {plural(d.ageRange, "year")} · {plural(d.genderCount, "gender")} ·{" "}
      {plural(d.locationCount, "location")} · {plural(d.incomeRange, "income level")}
    </p>
  );
}

const NOTE_STYLES = {
  default: {
    warnings:
      "space-y-1.5 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900",
    warning: "flex gap-2",
    suggestions: "space-y-1.5 text-sm text-muted-foreground",
    suggestion: "flex gap-2",
    icon: "mt-0.5 size-4 shrink-0",
    suggestionIcon: "",
  },
  compact: {
    warnings: "space-y-1.5",
    warning: "flex items-start gap-2 text-xs text-amber-700",
    suggestions: "space-y-1.5 border-t pt-4",
    suggestion: "flex items-start gap-2 text-xs text-muted-foreground",
    icon: "mt-px size-3.5 shrink-0",
    suggestionIcon: "text-primary",
  },
};

/** The warnings, then the suggestions; nothing for an empty list. */
export function DiversityNotes({
  warnings,
  suggestions,
  variant = "default",
}: {
  warnings: readonly string[];
  suggestions: readonly string[];
  /** 'compact': small print for the create form's side panel. */
  variant?: keyof typeof NOTE_STYLES;
}) {
  const style = NOTE_STYLES[variant];
  return (
    <>
      {warnings.length > 0 && (
        <ul className={style.warnings} aria-label="Warnings">
          {warnings.map((warning) => (
            <li key={warning} className={style.warning}>
              <AlertTriangleIcon className={style.icon} aria-hidden="true" />
              {warning}
            </li>
          ))}
        </ul>
      )}
      {suggestions.length > 0 && (
        <ul className={style.suggestions} aria-label="Suggestions">
          {suggestions.map((suggestion) => (
            <li key={suggestion} className={style.suggestion}>
              <LightbulbIcon className={cn(style.icon, style.suggestionIcon)} aria-hidden="true" />
              {suggestion}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
