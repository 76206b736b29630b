/**
 * Where pdf.js finds its helper files on our own origin (ARCHITECTURE §5: never a CDN).
 * client/vite.config.ts (plugin `campus:pdfjs-assets`) serves them in `vite dev` and copies them
 * from node_modules/pdfjs-dist into the build under this folder; keep the two in step.
 */
export const PDFJS_ASSET_PATH = '/pdfjs/';

/** The absolute URL (pdf.js wants a trailing slash) of one of pdfjs-dist's asset folders. */
export function pdfjsAssetUrl(folder: 'cmaps' | 'standard_fonts' | 'wasm' | 'iccs'): string {
  // Absolute: the worker resolves relative addresses against its own script, not the page.
  return new URL(`${PDFJS_ASSET_PATH}${folder}/`, window.location.origin).href;
}
