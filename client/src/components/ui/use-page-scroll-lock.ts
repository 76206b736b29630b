import { useLayoutEffect } from 'react';

/**
 * The page behind a modal layer (a popup, the phone menu) does not scroll while `locked`. Where scroll bars
 * take room (a desktop's classic ones), hiding the page's would widen it and slide everything centred
 * sideways: the body keeps that room as padding meanwhile. Restores what it found when unlocked.
 */
export function usePageScrollLock(locked: boolean): void {
  useLayoutEffect(() => {
    if (!locked) return;
    const { body, documentElement } = document;
    const scrollbarWidth = documentElement.clientWidth > 0 ? window.innerWidth - documentElement.clientWidth : 0;
    const previous = { overflow: body.style.overflow, paddingRight: body.style.paddingRight };
    body.style.overflow = 'hidden';
    if (scrollbarWidth > 0) body.style.paddingRight = `${scrollbarWidth}px`;
    return () => {
      body.style.overflow = previous.overflow;
      body.style.paddingRight = previous.paddingRight;
    };
  }, [locked]);
}
