import { CheckIcon } from "lucide-react";
import type { ReactNode } from "react";
import { EvidenceTierBadge } from "@/components/evidence-tier-badge";
import { LoadMore } from "@/components/load-more";
import { QueryError } from "@/components/query-error";
import { PersonaAvatar } from "@/components/persona-avatar";
import { SearchBox } from "@/components/search-box";
import { TagFilter } from "@/components/tag-filter";
import { Skeleton } from "@/components/ui/skeleton";
import type { Persona } from "@/lib/api-types";
import { cn } from "@/utils/cn";

/** The library as a picker reads it from the server: a search and its pages so far. */
export interface PersonaPickerSource {
  search: string;
  onSearch: (search: string) => void;
  /** Every tag in the library, and the one the list is filtered by. */
  tags: readonly string[];
  tag: string | null;
  onTag: (tag: string | null) => void;
  /** The personas of the pages read so far, in the library's order. */
  personas: readonly Persona[];
  /** How many personas the search matches. */
  total: number;
  /** The whole library's size (0: the library is empty). */
  libraryTotal: number;
  pending: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  onMore: () => void;
  /** The pages could not be read. */
  error: Error | null;
  retry: () => void;
}

export interface PersonaPickerProps {
  source: PersonaPickerSource;
  /** The selected personas in the order they were picked: listed first whatever the search,
   * so they can always be unselected. */
  selected: readonly Persona[];
  onToggle: (persona: Persona) => void;
  /** Which of the page's personas to list (a filter the server does not apply). */
  keep?: (persona: Persona) => boolean;
  /** No more can be selected: the others are greyed out with this reason. */
  fullReason?: string | null;
  /** The pick order is shown (the first selected speaks first). */
  numbered?: boolean;
  avatarIndex: (persona: Persona) => number;
  emptyText: string;
  /** More filters, shown under the search box and tags. */
  filters?: ReactNode;
}

/** A persona picker over a library of any size: searched and paged on the server, the next
 * page on scroll or Load more, every option a button (Tab and Enter or Space). */
export function PersonaPicker({
  source,
  selected,
  onToggle,
  keep = () => true,
  fullReason = null,
  numbered = false,
  avatarIndex,
  emptyText,
  filters,
}: PersonaPickerProps) {
  if (!source.pending && source.libraryTotal === 0 && selected.length === 0) {
    return (
      <p className="rounded-lg border border-dashed px-4 py-8 text-center text-sm text-muted-foreground">
        {emptyText}
      </p>
    );
  }
  const chosen = new Set(selected.map((p) => p.id));
  const rest = source.personas.filter((p) => !chosen.has(p.id) && keep(p));
  const shown = [...selected, ...rest];
  return (
    <div className="grid gap-3">
      <SearchBox
        value={source.search}
        onChange={source.onSearch}
        label="Search personas by name"
        placeholder="Search personas by name..."
      />
      <TagFilter tags={source.tags} selected={source.tag} onSelect={source.onTag} />
      {filters}
      {source.error ? (
        <QueryError
          title="Could not load personas"
          error={source.error}
          onRetry={source.retry}
          retrying={false}
        />
      ) : source.pending ? (
        <div className="grid gap-3 sm:grid-cols-2" aria-busy="true" aria-label="Loading personas">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-16 w-full" />
          ))}
        </div>
      ) : (
        <>
          {shown.length > 0 && (
            <ul className="grid gap-3 sm:grid-cols-2" aria-label="Personas">
              {shown.map((persona) => {
                const order = selected.findIndex((p) => p.id === persona.id);
                const isSelected = order !== -1;
                const blocked = fullReason !== null && !isSelected;
                return (
                  <li key={persona.id}>
                    <button
                      type="button"
                      aria-pressed={isSelected}
                      aria-disabled={blocked || undefined}
                      title={blocked ? fullReason : undefined}
                      data-testid="participant-option"
                      onClick={() => onToggle(persona)}
                      className={cn(
                        "flex w-full cursor-pointer items-center gap-3 rounded-lg border bg-card p-3 text-left transition-colors outline-none",
                        "focus-visible:ring-[3px] focus-visible:ring-ring/50",
                        isSelected
                          ? "border-primary bg-accent/60 ring-1 ring-primary"
                          : "hover:bg-secondary",
                        blocked && "cursor-not-allowed opacity-50 hover:bg-card",
                      )}
                    >
                      <PersonaAvatar
                        name={persona.name}
                        index={avatarIndex(persona)}
                        className="size-10"
                      />
                      <span className="min-w-0 flex-1">
                        <span className="block truncate text-sm font-medium">{persona.name}</span>
                        <span className="block truncate text-xs text-muted-foreground">
                          {persona.age} · {persona.gender} · {persona.location}
                        </span>
                        <EvidenceTierBadge evidence={persona.evidence} className="mt-1" />
                      </span>
                      <span
                        aria-hidden="true"
                        className={cn(
                          "flex size-6 shrink-0 items-center justify-center rounded-full border text-xs font-semibold tabular-nums",
                          isSelected
                            ? "border-primary bg-primary text-primary-foreground"
                            : "border-input text-transparent",
                        )}
                      >
                        {isSelected && numbered ? order + 1 : <CheckIcon className="size-3.5" />}
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
          {rest.length === 0 && !source.hasMore && (
            <p className="text-center text-sm text-muted-foreground" data-testid="picker-empty">
              {source.search.trim()
                ? `No personas match "${source.search.trim()}".`
                : "No other personas match the filters."}
            </p>
          )}
          <LoadMore
            shown={source.personas.length}
            total={source.total}
            noun={source.total === 1 ? "persona" : "personas"}
            hasMore={source.hasMore}
            loading={source.loadingMore}
            onMore={source.onMore}
          />
        </>
      )}
    </div>
  );
}
