import { allOf, setAnalyticsAdapter, trackEvent, trackGoal, trackPageView, type AnalyticsAdapter } from './analytics';

const recordingAdapter = () => ({ event: jest.fn(), goal: jest.fn(), pageView: jest.fn() }) satisfies AnalyticsAdapter;

describe('analytics', () => {
  it('reports nothing until adapters are installed', () => {
    const globalsBefore = Object.keys(window);
    expect(() => {
      trackEvent('header_navigation', { key: 'learn' });
      trackGoal('login');
      trackPageView('/');
    }).not.toThrow();
    expect((window as unknown as { dataLayer?: unknown[] }).dataLayer).toBeUndefined();
    expect(Object.keys(window)).toEqual(globalsBefore);
  });

  it('hands every report to each of several adapters, even when one of them throws', () => {
    const first = recordingAdapter();
    const broken: AnalyticsAdapter = {
      event: () => {
        throw new Error('tracker down');
      },
      goal: () => {
        throw new Error('tracker down');
      },
      pageView: () => {
        throw new Error('tracker down');
      },
    };
    const last = recordingAdapter();
    const restore = setAnalyticsAdapter(allOf([first, broken, last]));

    trackEvent('top_page', { section: 'pickup' });
    trackGoal('login');
    trackPageView('/line-ads');
    restore();

    for (const adapter of [first, last]) {
      expect(adapter.event.mock.calls).toEqual([['top_page', { section: 'pickup' }]]);
      expect(adapter.goal.mock.calls).toEqual([['login']]);
      expect(adapter.pageView.mock.calls).toEqual([['/line-ads']]);
    }
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
