// Read by vite.config.ts when it builds the precache list, so it imports nothing the config cannot resolve.
/** Whether a build file belongs in the precache: the app shell, not pdf.js (fetched, then cached, when slides open). */
export const isPrecachedBuildFile = (path: string): boolean => !/(^|\/)pdf(\.worker)?\.min-[\w-]{8}\.mjs$/.test(path);
