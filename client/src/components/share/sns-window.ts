import { snsWindowFeatures } from './share-links';

/** A share window opened before its address is known. */
export interface SnsWindow {
  /** Sends the window to the network's share dialog. */
  navigate(url: string): void;
}

/**
 * Opens an empty 626×436 window at once — inside the click, where popup blockers allow it — so the
 * address can follow once the short link is known. Null when the browser refused the window.
 */
export function openBlankSnsWindow(name: string): SnsWindow | null {
  const opened = window.open('about:blank', name, snsWindowFeatures(window));
  if (!opened) return null;
  // The share dialog must not reach back into the campus page (what `noopener` would do, had it not hidden the window from us).
  opened.opener = null;
  return {
    navigate(url) {
      // Closed by the learner meanwhile: they changed their mind.
      if (!opened.closed) opened.location.href = url;
    },
  };
}

/** The fallback when no window could be opened: an ordinary link to a new tab. */
export function openInNewTab(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.target = '_blank';
  link.rel = 'noopener noreferrer';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}
