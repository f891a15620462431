import { useEffect } from "react";

/**
 * Scrolls the window to the top when a screen opens (client navigation keeps the previous
 * screen's scroll position otherwise). `key` re-runs it, e.g. for another session id.
 */
export function useScrollToTop(key?: unknown): void {
  useEffect(() => {
    if (typeof window.scrollTo === "function" && !navigator.userAgent.includes("jsdom"))
      window.scrollTo(0, 0);
  }, [key]);
}
