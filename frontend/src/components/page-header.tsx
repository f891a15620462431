import type * as React from "react";

export interface PageHeaderProps {
  title: string;
  description?: React.ReactNode;
  actions?: React.ReactNode;
}

export function PageHeader({ title, description, actions }: PageHeaderProps) {
  return (
    <div className="mb-8 flex flex-col gap-4 sm:flex-row sm:flex-wrap sm:items-end sm:justify-between">
      <div className="min-w-0 space-y-1 sm:min-w-[18rem] sm:flex-1">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{title}</h1>
        {description && <p className="text-muted-foreground">{description}</p>}
      </div>
      {/* Many actions wrap under the title rather than squeeze it or run off the page. */}
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}
