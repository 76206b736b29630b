import { useEffect } from 'react';
import { trackEvent } from '../../lib/analytics';

/**
 * Spec §2 names screens only by their analytics events. The screens whose features report nothing of
 * their own (lessons and exams do; the header has header_navigation) report what the learner picks
 * on them: one event per screen, with the section and the link or button chosen.
 */
export type ScreenEvent = 'top_page' | 'course_list' | 'course_page' | 'notices_list' | 'mypage';

const SERVICE = '(?:line-official-account|line-ads|yahoo-ads)';
const SCREENS: [RegExp, ScreenEvent][] = [
  [/^\/$/, 'top_page'],
  [new RegExp(`^/(?:learn-with-video/)?${SERVICE}/?$`), 'course_list'],
  [/^\/lineyahoo-marketing-skill-badge\/?$/, 'course_list'],
  [new RegExp(`^/(?:learn-with-video/)?${SERVICE}/courses/[^/]+/?$`), 'course_page'],
  [/^\/lineyahoo-marketing-skill-badge\/courses\/[^/]+\/?$/, 'course_page'],
  [/^\/notifications\/(?:general|personal)\/?$/, 'notices_list'],
  [/^\/mypage(?:\/|$)/, 'mypage'],
];

export function screenEventOf(pathname: string): ScreenEvent | null {
  return SCREENS.find(([pattern]) => pattern.test(pathname))?.[1] ?? null;
}

/** The page filters of a course list, as a report parameter (spec §2 "course list with filters"). */
export const COURSE_LIST_FILTER_EVENT = 'course_list_filter';

const LABEL_LIMIT = 80;

/** What was picked: the section it sits in (its heading's id), its text, and where a link leads. */
export function describePick(element: Element, origin: string): Record<string, string> {
  const section = element.parentElement?.closest('section[aria-labelledby], nav[aria-label], [aria-label]');
  const sectionName = section?.getAttribute('aria-labelledby') ?? section?.getAttribute('aria-label') ?? 'main';
  const label = (element.getAttribute('aria-label') ?? element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, LABEL_LIMIT);
  const pick: Record<string, string> = { section: sectionName, label };
  const href = element instanceof HTMLAnchorElement ? element.href : null;
  if (href) {
    const target = new URL(href, origin);
    pick.to = target.origin === origin ? `${target.pathname}${target.search}` : target.href;
  }
  return pick;
}

/** Reports the links and buttons chosen in the page's main region on the screens above. */
export function useScreenEvents(): void {
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const screen = screenEventOf(window.location.pathname);
      if (!screen || !(event.target instanceof Element)) return;
      const picked = event.target.closest('a[href], button');
      if (!picked?.closest('main')) return;
      trackEvent(screen, describePick(picked, window.location.origin));
    };
    // Capture: the report is taken before a link's navigation replaces the page's content.
    document.addEventListener('click', onClick, { capture: true });
    return () => document.removeEventListener('click', onClick, { capture: true });
  }, []);
}
