import { tagManagerAdapter } from './tag-manager';

type Queued = Record<string, unknown>[];
const dataLayer = () => (window as unknown as { dataLayer?: Queued }).dataLayer;

describe('tagManagerAdapter', () => {
  beforeEach(() => {
    delete (window as unknown as { dataLayer?: Queued }).dataLayer;
    document.head.innerHTML = '';
  });

  it('starts the container: its start entry, and its script loaded once, asynchronously', () => {
    tagManagerAdapter('GTM-AB12CD');
    expect(dataLayer()?.[0]).toMatchObject({ event: 'gtm.js', 'gtm.start': expect.any(Number) });
    const scripts = document.head.querySelectorAll('script');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]!.src).toBe('https://www.googletagmanager.com/gtm.js?id=GTM-AB12CD');
    expect(scripts[0]!.async).toBe(true);
  });

  it('queues page views, events and goals the way the container reads them', () => {
    const adapter = tagManagerAdapter('GTM-AB12CD');
    adapter.pageView('/line-ads');
    adapter.event('course_list_filter', { query: 'level=BEGINNER' });
    adapter.goal('lessonUseful');
    expect(dataLayer()?.slice(1)).toEqual([
      { event: 'page_view', page_path: '/line-ads', page_location: `${window.location.origin}/line-ads` },
      { event: 'course_list_filter', query: 'level=BEGINNER' },
      { event: 'goal_lesson_useful' },
    ]);
  });

  it('keeps entries already queued by someone else', () => {
    (window as unknown as { dataLayer: Queued }).dataLayer = [{ event: 'earlier' }];
    tagManagerAdapter('GTM-AB12CD').pageView('/');
    expect(dataLayer()?.map((entry) => entry.event)).toEqual(['earlier', 'gtm.js', 'page_view']);
  });

  it('does not let a parameter called event rename the report', () => {
    tagManagerAdapter('GTM-AB12CD').event('top_page', { event: 'spoofed' });
    expect(dataLayer()?.at(-1)).toEqual({ event: 'top_page' });
  });
});
