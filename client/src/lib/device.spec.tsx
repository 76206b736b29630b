import { act, render } from '@testing-library/react';
import { isMobile, isMobileUserAgent, routeKind, useIsMobile, usesWideLayout } from './device';

const DESKTOP_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const MAC_UA =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const ANDROID_PHONE_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const ANDROID_TABLET_UA =
  'Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const IPAD_UA =
  'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1';

const LESSON = '/yahoo-ads/courses/search-basics/lessons/keywords';
const VIDEO_LESSON = '/learn-with-video/yahoo-ads/courses/intro/lessons/first';
const BADGE_LESSON = '/lineyahoo-marketing-skill-badge/courses/line-ads-basic/lessons/targeting';
const EXAM = '/lineyahoo-marketing-skill-badge/courses/line-ads-basic/exam';

/** A desktop browser; portrait unless a height is given. */
const desktop = (width: number, pathname = '/', height = 2000) =>
  isMobile({ userAgent: DESKTOP_UA, width, height, pathname });

describe('routeKind / usesWideLayout', () => {
  it.each([
    ['/mypage', 'mypage'],
    ['/mypage/profile', 'mypage'],
    ['/mypage/certificates/abc', 'mypage'],
    [EXAM, 'exam'],
    [`${EXAM}/`, 'exam'],
    [LESSON, 'lesson'],
    [`${LESSON}/`, 'lesson'],
    [VIDEO_LESSON, 'lesson'],
    [BADGE_LESSON, 'lesson'],
    ['/', 'other'],
    ['/mypages', 'other'],
    ['/yahoo-ads/courses/search-basics', 'other'],
    ['/lineyahoo-marketing-skill-badge/courses/line-ads-basic/exam-policy', 'other'],
    ['/lineyahoo-marketing-skill-badge/courses/line-ads-basic/exam-result', 'other'],
    ['/notifications/general', 'other'],
  ])('%s is %s', (pathname, kind) => {
    expect(routeKind(pathname)).toBe(kind);
    expect(usesWideLayout(pathname)).toBe(kind !== 'other');
  });
});

describe('isMobileUserAgent', () => {
  it.each([IPHONE_UA, ANDROID_PHONE_UA, ANDROID_TABLET_UA, IPAD_UA])('phones and tablets: %s', (ua) => {
    expect(isMobileUserAgent(ua)).toBe(true);
  });

  it('desktop browsers are not mobile', () => {
    expect(isMobileUserAgent(DESKTOP_UA)).toBe(false);
    expect(isMobileUserAgent(MAC_UA, 0)).toBe(false);
  });

  it('an iPad presenting itself as a Mac is recognised by its touch screen', () => {
    expect(isMobileUserAgent(MAC_UA, 5)).toBe(true);
  });
});

describe('isMobile', () => {
  it('a mobile user agent is mobile at any size', () => {
    expect(isMobile({ userAgent: IPAD_UA, width: 1366, height: 1024, pathname: '/' })).toBe(true);
    expect(isMobile({ userAgent: MAC_UA, touchPoints: 5, width: 1366, height: 1024, pathname: '/' })).toBe(true);
  });

  it('up to 899 px wide is mobile; 900 px (portrait) is not', () => {
    expect(desktop(375)).toBe(true);
    expect(desktop(899)).toBe(true);
    expect(desktop(900)).toBe(false);
    expect(desktop(1231)).toBe(false);
  });

  it.each([LESSON, VIDEO_LESSON, BADGE_LESSON, EXAM, '/mypage/profile'])(
    'on %s up to 1231 px wide is mobile; 1232 px is not',
    (pathname) => {
      expect(desktop(900, pathname)).toBe(true);
      expect(desktop(1231, pathname)).toBe(true);
      expect(desktop(1232, pathname)).toBe(false);
      // Landscape does not change the wide routes' limit upwards.
      expect(desktop(1232, pathname, 800)).toBe(false);
    },
  );

  it('landscape narrower than 1100 px is mobile; 1100 px is not', () => {
    expect(desktop(1099, '/', 700)).toBe(true);
    expect(desktop(1100, '/', 700)).toBe(false);
    expect(desktop(1280, '/', 800)).toBe(false);
  });

  it('portrait between 900 and 1099 px is not mobile (the landscape rule needs landscape)', () => {
    expect(desktop(1000, '/', 1400)).toBe(false);
    // A square viewport is not landscape.
    expect(desktop(1000, '/', 1000)).toBe(false);
    expect(desktop(1000, '/', 999)).toBe(true);
  });
});

describe('useIsMobile', () => {
  const original = { width: window.innerWidth, height: window.innerHeight };
  /** A new viewport size, and the event a browser fires for it. */
  const setViewport = (width: number, height: number, event: 'resize' | 'orientationchange' = 'resize') => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
    Object.defineProperty(window, 'innerHeight', { configurable: true, writable: true, value: height });
    window.dispatchEvent(new Event(event));
  };
  afterEach(() => setViewport(original.width, original.height));

  function Probe({ pathname }: { pathname?: string }) {
    return <p>{useIsMobile(pathname) ? 'mobile' : 'desktop'}</p>;
  }

  it('follows resize and orientation changes', () => {
    setViewport(1280, 800);
    const { container } = render(<Probe pathname="/" />);
    expect(container.textContent).toBe('desktop');

    act(() => setViewport(375, 812));
    expect(container.textContent).toBe('mobile');

    act(() => setViewport(1280, 800, 'orientationchange'));
    expect(container.textContent).toBe('desktop');
  });

  it('measures the viewport once, and again only after it changed', () => {
    // On a phone every read of innerWidth after React changed the page is a layout on the spot.
    const widthReads = jest.fn(() => 1200);
    Object.defineProperty(window, 'innerWidth', { configurable: true, get: widthReads });
    Object.defineProperty(window, 'innerHeight', { configurable: true, writable: true, value: 800 });
    window.dispatchEvent(new Event('resize'));

    const { container, rerender } = render(<Probe pathname="/" />);
    expect(container.textContent).toBe('desktop');
    rerender(<Probe pathname={LESSON} />);
    expect(container.textContent).toBe('mobile');
    expect(widthReads).toHaveBeenCalledTimes(1);

    widthReads.mockReturnValue(1300);
    act(() => window.dispatchEvent(new Event('resize')));
    expect(container.textContent).toBe('desktop');
    expect(widthReads).toHaveBeenCalledTimes(2);
  });

  it('applies the wider breakpoint when the route changes', () => {
    setViewport(1200, 2000);
    const { container, rerender } = render(<Probe pathname="/" />);
    expect(container.textContent).toBe('desktop');
    rerender(<Probe pathname={LESSON} />);
    expect(container.textContent).toBe('mobile');
  });

  it('reads the address bar when no pathname is given', () => {
    setViewport(1280, 800);
    const { container } = render(<Probe />);
    expect(container.textContent).toBe('desktop');
  });
});
