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
  let restore: () => void;

  beforeEach(() => {
    pageViews = [];
    restore = setAnalyticsAdapter({ event: () => {}, goal: () => {}, pageView: (path) => pageViews.push(path) });
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
});
