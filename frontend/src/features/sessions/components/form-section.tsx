import type { LucideIcon } from "lucide-react";
import type * as React from "react";
import { Card } from "@/components/ui/card";
import { cn } from "@/utils/cn";

export interface FormSectionProps {
  id: string;
  title: string;
  icon: LucideIcon;
  description?: React.ReactNode;
  /** Shown at the right of the heading (counters, template picker). */
  aside?: React.ReactNode;
  children: React.ReactNode;
  className?: string;
}

/** One titled section of the create form, a region named by its heading. */
export function FormSection({
  id,
  title,
  icon: Icon,
  description,
  aside,
  children,
  className,
}: FormSectionProps) {
  const headingId = `${id}-heading`;
  return (
    <Card role="region" aria-labelledby={headingId} className={cn("gap-5 p-5 sm:p-6", className)}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex items-start gap-3">
          <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
            <Icon className="size-4" aria-hidden="true" />
          </span>
          <div className="space-y-1">
            <h2 id={headingId} className="font-semibold leading-tight">
              {title}
            </h2>
            {description && <p className="text-sm text-muted-foreground">{description}</p>}
          </div>
        </div>
        {aside && <div className="flex shrink-0 items-center gap-2 sm:pl-4">{aside}</div>}
      </div>
      {children}
    </Card>
  );
}
