import { useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";

/** The foot of a paged list: loads the next page when it scrolls into view (and on a
 * click, for keyboards and browsers without IntersectionObserver), says how many of the
 * total are shown. */
export function LoadMore({
  shown,
  total,
  noun,
  hasMore,
  loading,
  onMore,
}: {
  shown: number;
  total: number;
  noun: string;
  hasMore: boolean;
  loading: boolean;
  onMore: () => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = ref.current;
    if (!node || !hasMore || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !loading) onMore();
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasMore, loading, onMore]);
  return (
    <div
      ref={ref}
      className="flex items-center justify-center gap-3 p-4 text-sm text-muted-foreground"
      data-testid="load-more"
    >
      <span aria-live="polite">
        Showing {shown} of {total} {noun}
      </span>
      {hasMore && (
        <Button variant="outline" size="sm" onClick={onMore} disabled={loading}>
          {loading ? "Loading..." : "Load more"}
        </Button>
      )}
    </div>
  );
}
