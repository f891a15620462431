import { useCallback, useState } from "react";

/** Messages the live view keeps on the page: a long session's earlier ones are shown on
 * demand, so the page stays light however long the discussion runs. */
export const LIVE_WINDOW = 200;

export interface MessageWindow<T> {
  /** The newest messages, at most the window's size plus what the user asked to see. */
  shown: readonly T[];
  /** How many earlier messages are not on the page. */
  hidden: number;
  /** Shows up to `size` more of the earlier messages. */
  showEarlier: () => void;
  /** Back to the newest `size` messages (the user follows the discussion again). */
  reset: () => void;
}

export function useMessageWindow<T>(messages: readonly T[], size = LIVE_WINDOW): MessageWindow<T> {
  const [extra, setExtra] = useState(0);
  const hidden = Math.max(0, messages.length - size - extra);
  const showEarlier = useCallback(() => setExtra((e) => e + size), [size]);
  const reset = useCallback(() => setExtra(0), []);
  return { shown: hidden > 0 ? messages.slice(hidden) : messages, hidden, showEarlier, reset };
}
