import { useCallback, useSyncExternalStore } from 'react';

/**
 * Spec §2 mobile detection: a device is treated as mobile when
 * - its user agent is a phone's or a tablet's, or
 * - the viewport is at most 899 px wide (at most 1231 px on exam, lesson and mypage routes), or
 * - it is in landscape orientation and narrower than 1100 px.
 * Breakpoints from spec §9.
 */
export const MOBILE_MAX_WIDTH = 899;
export const WIDE_ROUTE_MOBILE_MAX_WIDTH = 1231;
export const LANDSCAPE_MOBILE_BELOW_WIDTH = 1100;

export type RouteKind = 'mypage' | 'exam' | 'lesson' | 'other';

const MYPAGE = /^\/mypage(?:\/|$)/;
/** `/lineyahoo-marketing-skill-badge/courses/{slug}/exam` (not exam-policy or exam-result). */
const EXAM = /\/exam\/?$/;
/** Every lesson: service, learn-with-video and skill-badge lessons (`…/lessons/{lessonSlug}`). */
const LESSON = /\/lessons\/[^/]+\/?$/;

export function routeKind(pathname: string): RouteKind {
  if (MYPAGE.test(pathname)) return 'mypage';
  if (EXAM.test(pathname)) return 'exam';
  if (LESSON.test(pathname)) return 'lesson';
  return 'other';
}

/** Mypage, exam and lesson pages: the wider header layout and the wider mobile breakpoint (spec §2). */
export function usesWideLayout(pathname: string): boolean {
  return routeKind(pathname) !== 'other';
}

const MOBILE_USER_AGENT =
  /Android|iPhone|iPad|iPod|Windows Phone|IEMobile|BlackBerry|BB10|PlayBook|Kindle|Silk|webOS|Opera Mini|Mobile/i;

/**
 * A phone's or a tablet's user agent. iPadOS presents itself as a Mac, so a "Macintosh" with a
 * touch screen (`touchPoints` > 1, i.e. `navigator.maxTouchPoints`) counts as a tablet too.
 */
export function isMobileUserAgent(userAgent: string, touchPoints = 0): boolean {
  if (MOBILE_USER_AGENT.test(userAgent)) return true;
  return /Macintosh/.test(userAgent) && touchPoints > 1;
}

export interface DeviceInfo {
  userAgent: string;
  /** `navigator.maxTouchPoints`, to tell an iPad from a Mac. */
  touchPoints?: number;
  /** Viewport size in CSS pixels (`innerWidth` / `innerHeight`, as media queries measure). */
  width: number;
  height: number;
  pathname: string;
}

/** Spec §2: whether the page is laid out for a mobile device. */
export function isMobile({ userAgent, touchPoints = 0, width, height, pathname }: DeviceInfo): boolean {
  if (isMobileUserAgent(userAgent, touchPoints)) return true;
  const maxWidth = usesWideLayout(pathname) ? WIDE_ROUTE_MOBILE_MAX_WIDTH : MOBILE_MAX_WIDTH;
  if (width <= maxWidth) return true;
  const landscape = width > height;
  return landscape && width < LANDSCAPE_MOBILE_BELOW_WIDTH;
}

function subscribeToViewport(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  window.addEventListener('orientationchange', onChange);
  const orientation = typeof screen !== 'undefined' ? screen.orientation : undefined;
  orientation?.addEventListener?.('change', onChange);
  return () => {
    window.removeEventListener('resize', onChange);
    window.removeEventListener('orientationchange', onChange);
    orientation?.removeEventListener?.('change', onChange);
  };
}

let measuredViewport: Pick<DeviceInfo, 'width' | 'height'> | undefined;
let forgetsViewportOnChange = false;

/**
 * The viewport's size, measured once and again only after it changes. On a phone, reading
 * `innerWidth` after React has changed the page makes the browser lay the whole page out on the spot,
 * and React reads every snapshot again right after its commit: one long frozen moment per page.
 */
function viewportSize(): Pick<DeviceInfo, 'width' | 'height'> {
  if (!forgetsViewportOnChange) {
    // Registered before any component's own listener, so components read the new size.
    subscribeToViewport(() => {
      measuredViewport = undefined;
    });
    forgetsViewportOnChange = true;
  }
  measuredViewport ??= { width: window.innerWidth, height: window.innerHeight };
  return measuredViewport;
}

/** The current device: the viewport as last measured (see `viewportSize`). */
export function currentDevice(pathname: string = window.location.pathname): DeviceInfo {
  return {
    userAgent: navigator.userAgent,
    touchPoints: navigator.maxTouchPoints ?? 0,
    ...viewportSize(),
    pathname,
  };
}

/**
 * `isMobile` for the current window, kept up to date on resize and orientation changes.
 * Pass the router's pathname (`useLocation().pathname`) so the route-dependent breakpoint follows
 * navigations; without it the address bar's path is read.
 */
export function useIsMobile(pathname?: string): boolean {
  const getSnapshot = useCallback(() => isMobile(currentDevice(pathname)), [pathname]);
  return useSyncExternalStore(subscribeToViewport, getSnapshot, () => false);
}
