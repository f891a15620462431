import { ChevronDownIcon } from "lucide-react";
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { Button, type ButtonProps } from "@/components/ui/button";
import { cn } from "@/utils/cn";

export interface MenuItem {
  key: string;
  label: ReactNode;
  icon?: ReactNode;
  /** Renders the item as a link (e.g. a download). */
  href?: string;
  /** With `href`: the download attribute (true: the server names the file). */
  download?: boolean | string;
  onSelect?: () => void;
}

export interface MenuButtonProps {
  label: ReactNode;
  icon?: ReactNode;
  items: readonly MenuItem[];
  variant?: ButtonProps["variant"];
  align?: "start" | "end";
  className?: string;
}

/**
 * A button opening a small menu (WAI-ARIA menu button pattern): Enter, Space or the arrow
 * keys open it, arrows/Home/End move, Escape closes and returns focus, Tab or a click
 * outside closes it.
 */
export function MenuButton({
  label,
  icon,
  items,
  variant = "outline",
  align = "end",
  className,
}: MenuButtonProps) {
  const [open, setOpen] = useState(false);
  const [focusIndex, setFocusIndex] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLElement | null)[]>([]);
  const buttonId = useId();
  const menuId = useId();

  useEffect(() => {
    if (open) itemRefs.current[focusIndex]?.focus();
  }, [open, focusIndex]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  const openAt = (index: number) => {
    setFocusIndex((index + items.length) % items.length);
    setOpen(true);
  };
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key === "ArrowDown" || event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      openAt(0);
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      openAt(items.length - 1);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowDown: focusIndex + 1,
      ArrowUp: focusIndex - 1,
      Home: 0,
      End: items.length - 1,
    };
    if (event.key in moves) {
      event.preventDefault();
      setFocusIndex((moves[event.key] + items.length) % items.length);
    } else if (event.key === " ") {
      // Links only react to Enter natively; menu items take Space too.
      event.preventDefault();
      itemRefs.current[focusIndex]?.click();
    } else if (event.key === "Escape") {
      event.preventDefault();
      close(true);
    } else if (event.key === "Tab") {
      close(false);
    }
  };

  const itemClass =
    "flex w-full cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-left text-sm outline-none select-none hover:bg-accent hover:text-accent-foreground focus:bg-accent focus:text-accent-foreground [&_svg]:size-4 [&_svg]:text-muted-foreground";

  return (
    <div ref={rootRef} className={cn("relative inline-block", className)}>
      <Button
        ref={buttonRef}
        id={buttonId}
        variant={variant}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : openAt(0))}
        onKeyDown={onButtonKeyDown}
      >
        {icon}
        {label}
        <ChevronDownIcon
          className={cn("transition-transform", open && "rotate-180")}
          aria-hidden="true"
        />
      </Button>
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-labelledby={buttonId}
          onKeyDown={onMenuKeyDown}
          className={cn(
            "absolute top-full z-50 mt-1 min-w-44 rounded-md border bg-popover p-1 text-popover-foreground shadow-md",
            "animate-in fade-in-0 zoom-in-95",
            align === "end" ? "right-0" : "left-0",
          )}
        >
          {items.map((item, index) => {
            const select = () => {
              item.onSelect?.();
              close(true);
            };
            const common = {
              role: "menuitem",
              tabIndex: -1,
              className: itemClass,
              ref: (el: HTMLElement | null) => {
                itemRefs.current[index] = el;
              },
              onMouseEnter: () => setFocusIndex(index),
            };
            return item.href ? (
              <a
                key={item.key}
                {...common}
                href={item.href}
                download={item.download}
                onClick={select}
              >
                {item.icon}
                {item.label}
              </a>
            ) : (
              <button key={item.key} type="button" {...common} onClick={select}>
                {item.icon}
                {item.label}
              </button>
            );
          })}
        </div>
      )}
    </div>
  );
}
