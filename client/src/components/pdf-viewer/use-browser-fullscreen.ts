import { useEffect, useRef, type RefObject } from 'react';

/**
 * Mirrors the viewer's fullscreen flag (the machine's, the source of truth) onto the browser.
 *
 * - `wanted` → the element's requestFullscreen when the browser offers it. Where it does not (e.g.
 *   iPhone Safari) or refuses (no user gesture, an iframe without permission), the CSS fallback —
 *   the viewer's fixed, full-viewport modifier class, driven by the same flag — is what shows.
 * - Leaving browser fullscreen by the browser's own means (its Escape, a gesture) calls `onLeft`,
 *   so that the flag follows.
 * - While fullscreen, the page behind does not scroll (it would under the CSS fallback).
 */
export function useBrowserFullscreen(elementRef: RefObject<HTMLElement | null>, wanted: boolean, onLeft: () => void): void {
  const onLeftRef = useRef(onLeft);
  onLeftRef.current = onLeft;
  /** Whether the browser's fullscreen element is ours, as of the last change. */
  const inBrowserFullscreen = useRef(false);

  useEffect(() => {
    const element = elementRef.current;
    if (!element) return;
    const onChange = () => {
      const ours = document.fullscreenElement === element;
      if (inBrowserFullscreen.current && !ours) onLeftRef.current();
      inBrowserFullscreen.current = ours;
    };
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [elementRef]);

  useEffect(() => {
    const element = elementRef.current;
    if (!element) return;
    const isOurs = document.fullscreenElement === element;
    if (wanted && !isOurs && document.fullscreenEnabled && typeof element.requestFullscreen === 'function') {
      element.requestFullscreen().catch(() => {
        /* refused: the CSS fallback already shows the viewer fullscreen */
      });
    } else if (!wanted && isOurs) {
      document.exitFullscreen().catch(() => {});
    }
  }, [elementRef, wanted]);

  useEffect(() => {
    if (!wanted) return;
    const root = document.documentElement;
    const previous = root.style.overflow;
    root.style.overflow = 'hidden';
    return () => {
      root.style.overflow = previous;
    };
  }, [wanted]);
}
