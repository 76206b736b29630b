import { setAnalyticsAdapter, trackEvent, trackGoal, trackPageView, type AnalyticsAdapter } from './analytics';

const recordingAdapter = () => ({ event: jest.fn(), goal: jest.fn(), pageView: jest.fn() }) satisfies AnalyticsAdapter;

describe('analytics', () => {
  it('queues reports on window.dataLayer until trackers are installed', () => {
    const dataLayer = () => (window as unknown as { dataLayer?: unknown[] }).dataLayer;
    const before = dataLayer()?.length ?? 0;
    trackEvent('header_navigation', { key: 'learn' });
    trackGoal('login');
    trackPageView('/');
    expect(dataLayer()?.slice(before)).toEqual([
      { event: 'header_navigation', key: 'learn' },
      { event: 'goal', goal: 'login' },
      { event: 'page_view', path: '/' },
    ]);
  });

  it('hands events, goals and page views to the installed adapter', () => {
    const adapter = recordingAdapter();
    const restore = setAnalyticsAdapter(adapter);

    trackEvent('header_navigation', { key: 'notices' });
    trackEvent('login');
    trackGoal('lessonUseful');
    trackPageView('/yahoo-ads');

    expect(adapter.event.mock.calls).toEqual([
      ['header_navigation', { key: 'notices' }],
      ['login', {}],
    ]);
    expect(adapter.goal).toHaveBeenCalledWith('lessonUseful');
    expect(adapter.pageView).toHaveBeenCalledWith('/yahoo-ads');

    restore();
    trackGoal('login');
    expect(adapter.goal).toHaveBeenCalledTimes(1);
  });

  it('restores the previous adapter, and null installs the no-op one', () => {
    const first = recordingAdapter();
    const second = recordingAdapter();
    const restoreFirst = setAnalyticsAdapter(first);
    const restoreSecond = setAnalyticsAdapter(second);

    trackGoal('login');
    restoreSecond();
    trackGoal('certificationLessonUseful');
    expect(second.goal.mock.calls).toEqual([['login']]);
    expect(first.goal.mock.calls).toEqual([['certificationLessonUseful']]);

    const restoreNull = setAnalyticsAdapter(null);
    trackGoal('login');
    expect(first.goal).toHaveBeenCalledTimes(1);
    restoreNull();
    restoreFirst();
  });

  it('swallows a failing adapter', () => {
    const restore = setAnalyticsAdapter({
      event: () => {
        throw new Error('tracker blocked');
      },
      goal: () => {
        throw new Error('tracker blocked');
      },
      pageView: () => {
        throw new Error('tracker blocked');
      },
    });
    expect(() => {
      trackEvent('login');
      trackGoal('login');
      trackPageView('/');
    }).not.toThrow();
    restore();
  });
});
