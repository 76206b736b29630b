import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import type { SlidesPoster } from '../catalogue.schema.js';

/** Wide enough for a phone's enlarged slide and a desktop column; a text slide is ~20 KB at this size. */
export const POSTER_WIDTH = 1280;
const WEBP_QUALITY = 80;

export interface RenderedPoster {
  /** WebP. */
  image: Buffer;
  width: number;
  height: number;
  pageCount: number;
}

/**
 * The deck's first page as a WebP image, drawn by pdf.js (the same renderer the lesson page uses, run
 * here on @napi-rs/canvas), so the page can show the first slide without loading pdf.js itself.
 */
export async function renderSlidesPoster(pdf: Buffer): Promise<RenderedPoster> {
  // ESM only; loaded on the first deck, not at every start of the server.
  const [pdfjs, worker] = await Promise.all([import('pdfjs-dist/legacy/build/pdf.mjs'), import('pdfjs-dist/legacy/build/pdf.worker.mjs')]);
  // Node has no web workers: pdf.js then runs its worker's code in this thread, and takes it from here
  // rather than importing it again by a path of its own.
  (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker ??= worker;
  // pdf.js takes ownership of the bytes it is given: a copy keeps the caller's buffer intact.
  const loadingTask = pdfjs.getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, verbosity: 0 });
  try {
    const document = await loadingTask.promise;
    const page = await document.getPage(1);
    const viewport = page.getViewport({ scale: POSTER_WIDTH / page.getViewport({ scale: 1 }).width });
    const canvas = createCanvas(Math.round(viewport.width), Math.round(viewport.height));
    const context = canvas.getContext('2d');
    // A page without a background of its own is white, as in the viewer.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    // @napi-rs/canvas stands in for the browser's canvas, which pdf.js's types name.
    await page.render({ canvas, canvasContext: context, viewport } as unknown as Parameters<typeof page.render>[0]).promise;
    return { image: await canvas.encode('webp', WEBP_QUALITY), width: canvas.width, height: canvas.height, pageCount: document.numPages };
  } finally {
    await loadingTask.destroy();
  }
}

/** Draws the deck at `pdfPath` (in the media folder) and writes the picture beside it, as `<name>.poster.webp`. */
export async function storeSlidesPoster(mediaDir: string, pdfPath: string): Promise<SlidesPoster> {
  const { image, width, height, pageCount } = await renderSlidesPoster(await readFile(path.join(mediaDir, pdfPath)));
  const posterPath = `${pdfPath.replace(/\.pdf$/i, '')}.poster.webp`;
  await writeFile(path.join(mediaDir, posterPath), image);
  return { path: posterPath, width, height, pageCount };
}
