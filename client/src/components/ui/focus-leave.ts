import type { FocusEvent, RefObject } from 'react';

/**
 * An onBlur handler for a menu or panel: calls `close` when focus moves to something outside
 * `root` (tabbing away), but not when it moves inside it or to nowhere (a click on plain text).
 */
export const closeWhenFocusLeaves = (root: RefObject<HTMLElement | null>, isOpen: boolean, close: () => void) => (event: FocusEvent) => {
  const next = event.relatedTarget as Node | null;
  if (isOpen && next && !root.current?.contains(next)) close();
};
