import { TagIcon } from "lucide-react";
import { cn } from "@/utils/cn";

export interface TagFilterProps {
  tags: readonly string[];
  selected: string | null;
  onSelect: (tag: string | null) => void;
  className?: string;
}

/** A row of toggle buttons: "All" and one per tag. Renders nothing when there are no tags. */
export function TagFilter({ tags, selected, onSelect, className }: TagFilterProps) {
  if (tags.length === 0) return null;
  const chip = (active: boolean) =>
    cn(
      "rounded-full border px-3 py-1 text-xs font-medium transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
      active ? "border-primary bg-primary text-primary-foreground" : "bg-card hover:bg-secondary",
    );
  return (
    <div
      role="group"
      aria-label="Filter by tag"
      className={cn("flex flex-wrap items-center gap-2", className)}
    >
      <TagIcon className="size-4 text-muted-foreground" aria-hidden="true" />
      <button
        type="button"
        className={chip(selected === null)}
        aria-pressed={selected === null}
        onClick={() => onSelect(null)}
      >
        All
      </button>
      {tags.map((tag) => (
        <button
          key={tag}
          type="button"
          className={chip(selected === tag)}
          aria-pressed={selected === tag}
          data-testid="tag-filter-option"
          onClick={() => onSelect(selected === tag ? null : tag)}
        >
          {tag}
        </button>
      ))}
    </div>
  );
}
