import { startTransition, useEffect, useState, type RefObject, type ToggleEvent } from "react";

/**
 * Whether a native popover is open, for a button's `aria-expanded` and label. The popover opens
 * before the page's JavaScript runs too (its button's `popovertarget`), and its toggle event then
 * fired before React listened: once mounted, the hook reads the popover's own state, so a menu
 * opened before hydration reads as open after it. `onToggle` follows every later change.
 */
export function usePopoverOpen(popover: RefObject<HTMLElement | null>): [open: boolean, onToggle: (event: ToggleEvent<HTMLElement>) => void] {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (popover.current?.matches(":popover-open")) startTransition(() => setOpen(true));
  }, [popover]);
  return [open, (event) => setOpen(event.newState === "open")];
}
