/**
 * Reports whether the page is visible now and whenever that changes (another tab, a minimised
 * window); returns the function that stops listening.
 */
export function watchPageVisibility(report: (visible: boolean) => void): () => void {
  const onChange = () => report(document.visibilityState !== 'hidden');
  onChange();
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}
