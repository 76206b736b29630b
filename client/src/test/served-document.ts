/**
 * Pretends the app started on `path`, answered with HTTP `status` (the document's Navigation Timing
 * entry, which jsdom does not have). Returns the undo.
 */
export function pretendServed(path: string, status: number): () => void {
  const entry = { name: `http://campus.test${path}`, responseStatus: status };
  Object.defineProperty(performance, 'getEntriesByType', { configurable: true, value: (type: string) => (type === 'navigation' ? [entry] : []) });
  return () => {
    delete (performance as { getEntriesByType?: unknown }).getEntriesByType;
  };
}
