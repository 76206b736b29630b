import type { PDFPageProxy } from 'pdfjs-dist';

/**
 * What the viewer needs of a loaded PDF. pdf.js's PDFDocumentProxy has it; tests give small fakes.
 * (Type-only import: pdf.js itself is loaded lazily, see pdfjs/load-pdf-document.ts.)
 */
export interface PdfDocument {
  readonly numPages: number;
  getPage(pageNumber: number): Promise<PdfPage>;
  /** Frees the worker's copy of the document; fakes may leave it out. */
  destroy?(): Promise<void>;
}

export type PdfPage = Pick<PDFPageProxy, 'getViewport' | 'render'>;

/** Where a page is drawn and how much room it has, measured by the component. */
export interface RenderSurface {
  canvas: HTMLCanvasElement;
  /** CSS pixels available across. */
  width: number;
  /** CSS pixels available down (fullscreen: the slide must fit the screen); null = fit the width only. */
  height: number | null;
  /** Device pixels per CSS pixel (2 or 3 on HiDPI screens). */
  pixelRatio: number;
}

export const sameSurface = (a: RenderSurface | null, b: RenderSurface | null): boolean =>
  a === b ||
  (a !== null &&
    b !== null &&
    a.canvas === b.canvas &&
    a.width === b.width &&
    a.height === b.height &&
    a.pixelRatio === b.pixelRatio);

/** A page cannot be drawn into nothing (a hidden tab, a collapsed container). */
export const hasRoom = (surface: RenderSurface | null): surface is RenderSurface =>
  surface !== null && surface.width > 0 && (surface.height === null || surface.height > 0);

/**
 * Browsers refuse (or silently blank) canvases above about 16.7 million pixels (iOS Safari's
 * limit); HiDPI sharpness is given up before that.
 */
export const MAX_CANVAS_PIXELS = 4096 * 4096;

export interface PageFit {
  /** pdf.js viewport scale: page units (1/72 inch) to device pixels. */
  scale: number;
  /** The canvas's bitmap size in device pixels. */
  pixelWidth: number;
  pixelHeight: number;
  /** The canvas's size on screen in CSS pixels. */
  cssWidth: number;
  cssHeight: number;
}

/**
 * How big a page of `pageWidth` x `pageHeight` (at scale 1) is drawn on the surface: as wide as the
 * surface (and no taller than it, when its height counts), in device pixels so that text stays
 * crisp on HiDPI screens.
 */
export function fitPage(pageWidth: number, pageHeight: number, surface: RenderSurface): PageFit {
  const widthScale = surface.width / pageWidth;
  const cssScale = surface.height === null ? widthScale : Math.min(widthScale, surface.height / pageHeight);
  const cssWidth = Math.max(1, Math.floor(pageWidth * cssScale));
  const cssHeight = Math.max(1, Math.floor(pageHeight * cssScale));
  const largestRatio = Math.sqrt(MAX_CANVAS_PIXELS / (cssWidth * cssHeight));
  const outputScale = Math.max(Math.min(surface.pixelRatio || 1, largestRatio), Number.MIN_VALUE);
  return {
    scale: cssScale * outputScale,
    pixelWidth: Math.max(1, Math.floor(cssWidth * outputScale)),
    pixelHeight: Math.max(1, Math.floor(cssHeight * outputScale)),
    cssWidth,
    cssHeight,
  };
}

/**
 * pdf.js rejects a cancelled render with a RenderingCancelledException (checked by name: the class
 * lives in the lazily loaded library). Cancelling is ours (a newer page replaced it), never a failure.
 */
export const isRenderingCancelled = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'RenderingCancelledException';
