import { useEffect, type RefObject } from 'react';
import type { RenderSurface } from './pdf-document';

/** How much wider than the stage an enlarged slide is drawn (text of ~10 px and more on a phone). */
export const ZOOM_FACTOR = 2;

/**
 * Measures the room the slide has (the stage's width, and in fullscreen its height too, since the
 * slide must then fit the screen) and reports it whenever it changes: on mount, on every resize of
 * the stage, and when `fitHeight` or `zoomed` flips. Enlarged, the slide is given ZOOM_FACTOR times
 * the stage's width (the stage scrolls across). The machine decides whether a change needs a redraw.
 */
export function useRenderSurface(
  stageRef: RefObject<HTMLElement | null>,
  canvasRef: RefObject<HTMLCanvasElement | null>,
  fitHeight: boolean,
  zoomed: boolean,
  report: (surface: RenderSurface) => void,
): void {
  useEffect(() => {
    const stage = stageRef.current;
    const canvas = canvasRef.current;
    if (!stage || !canvas) return;
    const measure = () =>
      report({
        canvas,
        width: zoomed && !fitHeight ? stage.clientWidth * ZOOM_FACTOR : stage.clientWidth,
        height: fitHeight ? stage.clientHeight : null,
        pixelRatio: window.devicePixelRatio || 1,
      });
    measure();
    if (typeof ResizeObserver === 'undefined') {
      window.addEventListener('resize', measure);
      return () => window.removeEventListener('resize', measure);
    }
    const observer = new ResizeObserver(measure);
    observer.observe(stage);
    return () => observer.disconnect();
  }, [stageRef, canvasRef, fitHeight, zoomed, report]);
}
