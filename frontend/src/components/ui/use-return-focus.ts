import { useRef } from "react";

type FocusHandler = (event: Event) => void;

/**
 * Radix returns the focus to its own Trigger when a dialog closes, and to nothing when the
 * dialog is opened another way (a controlled `open`, a menu item): the keyboard user is
 * left on <body>. These handlers remember what had the focus when the dialog opened and
 * give it back on close, unless the caller's own handler already decided.
 */
export function useReturnFocus(onOpenAutoFocus?: FocusHandler, onCloseAutoFocus?: FocusHandler) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus(event: Event) {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus(event: Event) {
      onCloseAutoFocus?.(event);
      const target = opener.current;
      opener.current = null;
      if (event.defaultPrevented || !target?.isConnected) return;
      event.preventDefault();
      target.focus();
    },
  };
}
