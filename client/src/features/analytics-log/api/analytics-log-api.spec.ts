import { getAnalyticsLog } from './get-analytics-log';
import { getAnalyticsSummary } from './get-analytics-summary';

const answer = (body: unknown) =>
  jest.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }));

describe('analytics log api', () => {
  it('asks for one page with only the filters that are set', async () => {
    const fetch = answer({ items: [], nextBefore: null });
    await getAnalyticsLog({ filters: { kind: 'page_view', name: ' ', path: '/line-ads ', userId: '' }, before: 120 });
    const url = new URL(String(fetch.mock.calls[0]![0]), 'http://campus.test');
    expect(url.pathname).toBe('/api/v1/admin/analytics/events');
    expect(Object.fromEntries(url.searchParams)).toEqual({ limit: '50', before: '120', kind: 'page_view', path: '/line-ads' });
  });

  it('asks for the summary of the range, leaving an empty end to the server', async () => {
    const fetch = answer({ from: '2026-11-01', to: '2026-11-22', totals: { pageViews: 0, events: 0, goals: 0 }, names: [], paths: [] });
    const summary = await getAnalyticsSummary({ from: '2026-11-01', to: '' });
    const url = new URL(String(fetch.mock.calls[0]![0]), 'http://campus.test');
    expect(Object.fromEntries(url.searchParams)).toEqual({ from: '2026-11-01' });
    expect(summary.to).toBe('2026-11-22');
  });

  it('rejects an answer of the wrong shape', async () => {
    answer({ items: 'none' });
    await expect(getAnalyticsLog({ filters: { kind: '', name: '', path: '', userId: '' }, before: null })).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
  });
});
