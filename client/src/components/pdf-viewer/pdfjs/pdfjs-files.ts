import libraryUrl from 'pdfjs-dist/build/pdf.min.mjs?url';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

/**
 * pdf.js's own two scripts, as hashed files of our build. Addresses rather than bundled imports: the
 * viewer imports the library from its address when a deck opens, and a deck kept for offline reading
 * fetches both without running them (keep-deck-offline.ts), which only an address allows.
 */
export const PDFJS_FILES = { library: libraryUrl, worker: workerUrl } as const;
