import { fitPage, type PdfDocument, type RenderSurface } from '../pdf-document';

export interface RenderPageInput {
  document: PdfDocument;
  /** 1-based. */
  pageNumber: number;
  surface: RenderSurface;
}

const abortReason = (signal: AbortSignal): unknown => signal.reason ?? new DOMException('Aborted', 'AbortError');

/**
 * Draws one page onto the surface's canvas, fitted to the surface and sharp on HiDPI screens.
 *
 * The page is drawn into a canvas of its own first and copied onto the visible one when complete:
 * the previous slide stays on screen while the next one renders (no blank flash), and two renders
 * never share a canvas (pdf.js refuses that). Aborting the signal cancels the pdf.js render, whose
 * promise then rejects with a RenderingCancelledException.
 */
export async function renderPdfPage({ document: pdf, pageNumber, surface }: RenderPageInput, signal: AbortSignal): Promise<void> {
  const page = await pdf.getPage(pageNumber);
  if (signal.aborted) throw abortReason(signal);

  const unscaled = page.getViewport({ scale: 1 });
  const fit = fitPage(unscaled.width, unscaled.height, surface);
  const drawing = document.createElement('canvas');
  drawing.width = fit.pixelWidth;
  drawing.height = fit.pixelHeight;

  const task = page.render({ canvas: drawing, viewport: page.getViewport({ scale: fit.scale }) });
  const cancel = () => task.cancel();
  signal.addEventListener('abort', cancel, { once: true });
  try {
    await task.promise;
  } finally {
    signal.removeEventListener('abort', cancel);
  }
  if (signal.aborted) throw abortReason(signal);

  const { canvas } = surface;
  canvas.width = fit.pixelWidth;
  canvas.height = fit.pixelHeight;
  canvas.style.width = `${fit.cssWidth}px`;
  canvas.style.height = `${fit.cssHeight}px`;
  canvas.getContext('2d')?.drawImage(drawing, 0, 0);
  // Let the browser free the bitmap now rather than at the next garbage collection.
  drawing.width = 0;
  drawing.height = 0;
}
