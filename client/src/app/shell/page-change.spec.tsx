import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { PAGE_PRESETS } from '@campus/contracts/page-metadata';
import { setAnalyticsAdapter } from '../../lib/analytics';
import { usePageChange } from './page-change';

function Page() {
  usePageChange();
  return null;
}

describe('usePageChange', () => {
  let pageViews: string[];
  let events: [string, unknown][];
  let restore: () => void;

  beforeEach(() => {
    pageViews = [];
    events = [];
    restore = setAnalyticsAdapter({ event: (name, params) => events.push([name, params]), goal: () => {}, pageView: (path) => pageViews.push(path) });
    document.head.innerHTML = '<meta name="description" content="最初のページの説明" />';
  });
  afterEach(() => restore());

  it('reports one page view per path change, none for a query-only change, and takes the description of each path preset', async () => {
    const router = createMemoryRouter([{ path: '*', element: <Page /> }], { initialEntries: ['/'] });
    render(<RouterProvider router={router} />);
    expect(pageViews).toEqual(['/']);

    await act(() => router.navigate('/line-ads/courses/line-ads-basics'));
    expect(pageViews).toEqual(['/', '/line-ads/courses/line-ads-basics']);
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(PAGE_PRESETS['line-ads'].description);

    await act(() => router.navigate('/line-ads/courses/line-ads-basics?page=2'));
    await act(() => router.navigate('/line-ads/courses/line-ads-basics?page=3#lessons'));
    expect(pageViews).toHaveLength(2);

    await act(() => router.navigate('/learn-with-video/yahoo-ads'));
    expect(pageViews).toEqual(['/', '/line-ads/courses/line-ads-basics', '/learn-with-video/yahoo-ads']);
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(PAGE_PRESETS['video-yahoo-ads'].description);
  });

  it('reports new filters on a course list as course_list_filter, and nothing for the query of other pages', async () => {
    const router = createMemoryRouter([{ path: '*', element: <Page /> }], { initialEntries: ['/line-official-account'] });
    render(<RouterProvider router={router} />);
    expect(events).toEqual([]);

    await act(() => router.navigate('/line-official-account?level=BEGINNER,INTERMEDIATE&notTaken=true'));
    await act(() => router.navigate('/line-official-account?level=BEGINNER,INTERMEDIATE&notTaken=true#results'));
    await act(() => router.navigate('/notifications/general?page=2'));
    await act(() => router.navigate('/notifications/general?page=3'));

    expect(events).toEqual([['course_list_filter', { path: '/line-official-account', query: 'level=BEGINNER,INTERMEDIATE&notTaken=true' }]]);
    expect(pageViews).toEqual(['/line-official-account', '/notifications/general']);
  });
});
