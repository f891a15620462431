import { HeartPulseIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/utils/cn";
import { isOverall, OVERALL_CLASSES, OVERALL_LABELS } from "@/utils/health-overall";

/** The session's health verdict on its dashboard row (nothing until it is measured). */
export function HealthBadge({
  overall,
  className,
}: {
  overall: string | null | undefined;
  className?: string;
}) {
  if (!isOverall(overall)) return null;
  return (
    <Badge
      className={cn(OVERALL_CLASSES[overall], className)}
      title={`Session health: ${OVERALL_LABELS[overall].toLowerCase()}`}
      data-testid="health-badge"
    >
      <HeartPulseIcon aria-hidden="true" />
      <span className="sr-only">Health: </span>
      {OVERALL_LABELS[overall]}
    </Badge>
  );
}
