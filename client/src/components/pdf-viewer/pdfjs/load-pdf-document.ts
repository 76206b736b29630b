import type * as Pdfjs from 'pdfjs-dist';
import type { PdfDocument } from '../pdf-document';
import { afterNextPaint } from '../../../lib/after-next-paint';
import { pdfjsAssetUrl } from './pdfjs-assets';
import { PDFJS_FILES } from './pdfjs-files';

const abortReason = (signal: AbortSignal): unknown => signal.reason ?? new DOMException('Aborted', 'AbortError');

/**
 * Opens the PDF at `url` (an opaque same-origin address) with pdf.js.
 *
 * pdf.js (several hundred KB) is imported here, on first use and after the page's first paint, so that it
 * stays out of the entry bundle and off the page's critical path; it and its worker come from our own
 * build (pdfjs-files.ts), cMaps, standard fonts, wasm decoders and ICC profiles from our own origin. pdf.js 6 has no
 * `new Function` path left (5.x needed `isEvalSupported: false`), and the core API used here runs no
 * document scripting. Pages are drawn on the main thread: no `GlobalWorkerOptions.rendererSrc`, so 6.5's
 * renderer worker stays off. Aborting the signal (the viewer went away) stops the load.
 */
export async function loadPdfDocument(url: string, signal: AbortSignal): Promise<PdfDocument> {
  // Not before the page is on screen: its download and start would hold the lesson's first paint
  // (a phone's page waited for it), while the slide's stage shows its own loading state meanwhile.
  await afterNextPaint();
  if (signal.aborted) throw abortReason(signal);
  const pdfjs = (await import(/* @vite-ignore */ PDFJS_FILES.library)) as typeof Pdfjs;
  if (signal.aborted) throw abortReason(signal);
  pdfjs.GlobalWorkerOptions.workerSrc = PDFJS_FILES.worker;

  const loadingTask = pdfjs.getDocument({
    url,
    cMapUrl: pdfjsAssetUrl('cmaps'),
    cMapPacked: true,
    standardFontDataUrl: pdfjsAssetUrl('standard_fonts'),
    wasmUrl: pdfjsAssetUrl('wasm'),
    iccUrl: pdfjsAssetUrl('iccs'),
  });
  const stop = () => void loadingTask.destroy();
  signal.addEventListener('abort', stop, { once: true });
  try {
    return await loadingTask.promise;
  } finally {
    signal.removeEventListener('abort', stop);
  }
}
