import { act, render } from '@testing-library/react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router-dom';
import { setAnalyticsAdapter } from '../../lib/analytics';
import { screenEventOf, useScreenEvents } from './screen-events';

describe('screenEventOf', () => {
  it.each([
    ['/', 'top_page'],
    ['/line-ads', 'course_list'],
    ['/learn-with-video/yahoo-ads/', 'course_list'],
    ['/lineyahoo-marketing-skill-badge', 'course_list'],
    ['/line-official-account/courses/oa-basics', 'course_page'],
    ['/learn-with-video/yahoo-ads/courses/search-video', 'course_page'],
    ['/lineyahoo-marketing-skill-badge/courses/line-ads-basic', 'course_page'],
    ['/notifications/personal', 'notices_list'],
    ['/mypage/history', 'mypage'],
  ])('%s is the %s screen', (path, screen) => {
    expect(screenEventOf(path)).toBe(screen);
  });

  it.each([
    '/line-ads/courses/basics/lessons/first', // lessons report their own events
    '/lineyahoo-marketing-skill-badge/courses/line-ads-basic/exam',
    '/notifications/general/some-item',
    '/admin/events',
    '/unknown-service',
  ])('%s reports no screen event', (path) => {
    expect(screenEventOf(path)).toBeNull();
  });
});

function Screen() {
  useScreenEvents();
  return (
    <main>
      <section aria-labelledby="pickup-title">
        <h2 id="pickup-title">ピックアップ</h2>
        <Link to="/line-ads/courses/basics?from=top">
          <span>LINE広告</span> <span>はじめの一歩</span>
        </Link>
        <a href="https://example.com/manual">マニュアル</a>
      </section>
      <button type="button" aria-label="すべて既読にする">
        <svg />
      </button>
      <p>説明</p>
    </main>
  );
}

describe('useScreenEvents', () => {
  let events: [string, unknown][];
  let restore: () => void;

  beforeEach(() => {
    events = [];
    restore = setAnalyticsAdapter({ event: (name, params) => events.push([name, params]), goal: () => {}, pageView: () => {} });
  });
  afterEach(() => restore());

  const renderAt = (path: string) => {
    window.history.replaceState(null, '', path);
    const router = createMemoryRouter([{ path: '*', element: <Screen /> }], { initialEntries: [path] });
    return render(<RouterProvider router={router} />);
  };

  it('reports the link picked on the top page with its section, text and address', async () => {
    const view = renderAt('/');
    await act(async () => view.getByText('はじめの一歩').click());
    view.getByText('マニュアル').click();
    expect(events).toEqual([
      ['top_page', { section: 'pickup-title', label: 'LINE広告 はじめの一歩', to: '/line-ads/courses/basics?from=top' }],
      ['top_page', { section: 'pickup-title', label: 'マニュアル', to: 'https://example.com/manual' }],
    ]);
  });

  it('reports a button by its accessible name, and nothing for a click outside links and buttons', () => {
    const view = renderAt('/notifications/general');
    view.getByText('説明').click();
    view.getByRole('button').click();
    expect(events).toEqual([['notices_list', { section: 'main', label: 'すべて既読にする' }]]);
  });

  it('reports nothing on a screen whose features report their own events', () => {
    const view = renderAt('/line-ads/courses/basics/lessons/first');
    view.getByRole('button').click();
    expect(events).toEqual([]);
  });
});
