import { cn } from "@/utils/cn";

/**
 * The one progress bar: a labelled `progressbar` whose fill is `value` of `max`. Without a
 * value (not known yet) the bar stays empty and screen readers hear no number.
 */
export function Progress({
  label,
  value,
  max = 100,
  className,
}: {
  label: string;
  value: number | null | undefined;
  max?: number;
  className?: string;
}) {
  const known = typeof value === "number" && Number.isFinite(value) && max > 0;
  const percent = known ? Math.min(100, Math.max(0, (value / max) * 100)) : 0;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={known ? value : undefined}
      className={cn("h-2 overflow-hidden rounded-full bg-muted", className)}
    >
      <div
        className="h-full rounded-full bg-primary transition-[width] duration-500"
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
