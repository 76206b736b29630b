import type { AnalyticsLogEntry, AnalyticsLogPage, AnalyticsSummary } from '@campus/contracts/analytics-log';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { fromPromise } from 'xstate';
import { ApiError, UNKNOWN_ERROR_MESSAGE } from '../../../lib/api-client';
import type { LogPageRequest } from '../api/get-analytics-log';
import type { SummaryRange } from '../api/get-analytics-summary';
import { analyticsLogMachine } from '../machines/analytics-log.machine';
import { AnalyticsLogView } from './analytics-log-view';

const LEARNER = '7b0c3f3e-7d2a-4c36-9a55-1f0f3c7f7b11';

const anEntry = (id: number, overrides: Partial<AnalyticsLogEntry> = {}): AnalyticsLogEntry => ({
  id,
  kind: 'page_view',
  name: 'page_view',
  path: '/line-ads',
  params: {},
  // 12:34:56 in Tokyo.
  occurredAt: '2026-11-22T03:34:56.000Z',
  receivedAt: '2026-11-22T03:34:57.000Z',
  userId: null,
  learnerName: null,
  ...overrides,
});

const aSummary = (overrides: Partial<AnalyticsSummary> = {}): AnalyticsSummary => ({
  from: '2026-10-31',
  to: '2026-11-29',
  totals: { pageViews: 1234, events: 56, goals: 7 },
  names: [
    { kind: 'page_view', name: 'page_view', count: 1234 },
    { kind: 'event', name: 'header_navigation', count: 50 },
    { kind: 'goal', name: 'login', count: 7 },
  ],
  paths: [
    { path: '/line-ads', count: 800 },
    { path: '/', count: 434 },
  ],
  ...overrides,
});

const settle = (action: () => void = () => {}) =>
  act(async () => {
    action();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

async function renderView(answers: { summary?: (range: SummaryRange) => Promise<AnalyticsSummary>; page?: (request: LogPageRequest) => Promise<AnalyticsLogPage> }) {
  const ranges: SummaryRange[] = [];
  const pages: LogPageRequest[] = [];
  const logic = analyticsLogMachine.provide({
    actors: {
      loadSummary: fromPromise<AnalyticsSummary, SummaryRange>(({ input }) => {
        ranges.push(input);
        return (answers.summary ?? (async () => aSummary()))(input);
      }),
      loadPage: fromPromise<AnalyticsLogPage, LogPageRequest>(({ input }) => {
        pages.push(input);
        return (answers.page ?? (async () => ({ items: [], nextBefore: null })))(input);
      }),
    },
  });
  // 2026-11-29 in Tokyo.
  await settle(() => render(<AnalyticsLogView logic={logic} now={() => new Date('2026-11-28T16:00:00.000Z')} />));
  return { ranges, pages };
}

describe('AnalyticsLogView', () => {
  it('summarises the last 30 days: totals, counts per name and the most viewed pages', async () => {
    const { ranges } = await renderView({});
    expect(ranges).toEqual([{ from: '2026-10-31', to: '2026-11-29' }]);
    expect((screen.getByLabelText('開始日') as HTMLInputElement).value).toBe('2026-10-31');
    expect(screen.getByText('2026-10-31 〜 2026-11-29 の集計').tagName).toBe('P');

    const totals = screen.getByText('ページビュー', { selector: 'dt' }).closest('dl')!;
    expect(within(totals).getAllByRole('definition').map((cell) => cell.textContent)).toEqual(['1,234 件', '56 件', '7 件']);

    const names = screen.getByRole('table', { name: '名前ごとの件数（上位 20）' });
    expect(within(names).getAllByRole('row').slice(1).map((row) => row.textContent)).toEqual(['page_viewページビュー1,234', 'header_navigationイベント50', 'loginゴール7']);
    const paths = screen.getByRole('table', { name: 'よく見られたページ（上位 20）' });
    expect(within(paths).getAllByRole('row').slice(1).map((row) => row.textContent)).toEqual(['/line-ads800', '/434']);
  });

  it('says so when the range has no records', async () => {
    await renderView({ summary: async () => aSummary({ totals: { pageViews: 0, events: 0, goals: 0 }, names: [], paths: [] }) });
    expect(screen.getByText('この期間の記録はありません。').tagName).toBe('P');
    expect(screen.queryByRole('table', { name: /名前ごとの件数/ })).toBeNull();
  });

  it('asks for another range only with 集計する, and shows a refused range by the dates', async () => {
    const { ranges } = await renderView({
      summary: async (range) => {
        if (range.from > range.to) throw new ApiError({ message: 'from: from は to 以前の日付で指定してください', status: 400, code: 'VALIDATION_FAILED', field: 'from' });
        return aSummary();
      },
    });
    fireEvent.change(screen.getByLabelText('開始日'), { target: { value: '2026-12-10' } });
    expect(ranges).toHaveLength(1);
    await settle(() => fireEvent.click(screen.getByRole('button', { name: '集計する' })));

    expect(ranges[1]).toEqual({ from: '2026-12-10', to: '2026-11-29' });
    expect(screen.getByRole('alert').textContent).toBe('from は to 以前の日付で指定してください');
    expect(screen.getByLabelText('開始日').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('終了日').getAttribute('aria-invalid')).toBeNull();
    // The last figures stay.
    expect(screen.getByRole('table', { name: '名前ごとの件数（上位 20）' }).textContent).toContain('header_navigation');
  });

  it('offers 再読み込み when the summary cannot load, and the list still works', async () => {
    let fail = true;
    const { ranges } = await renderView({
      summary: async () => {
        if (fail) throw new ApiError({ message: 'エラーが発生しました。通信環境をご確認のうえ、再度実行してください。', status: 0, code: 'NETWORK_ERROR' });
        return aSummary();
      },
      page: async () => ({ items: [anEntry(1)], nextBefore: null }),
    });
    expect(screen.getByRole('alert').textContent).toContain('通信環境をご確認のうえ');
    expect(screen.getByRole('table', { name: 'アクセスログ（新しい順）' }).textContent).toContain('/line-ads');

    fail = false;
    await settle(() => fireEvent.click(screen.getByRole('button', { name: '再読み込み' })));
    expect(ranges).toHaveLength(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('lists the reports newest first with their learner, and pages with もっと見る', async () => {
    const { pages } = await renderView({
      page: async ({ before }) =>
        before === null
          ? {
              items: [
                anEntry(3, { kind: 'event', name: 'share', path: '/line-ads/courses/ads-basics', params: { method: 'copy', ok: true }, userId: LEARNER, learnerName: '山田 太郎' }),
                anEntry(2, { kind: 'goal', name: 'login', path: '/' }),
              ],
              nextBefore: 2,
            }
          : { items: [anEntry(1)], nextBefore: null },
    });
    const table = screen.getByRole('table', { name: 'アクセスログ（新しい順）' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      '12:34:562026-11-22',
      'イベント',
      'share',
      '/line-ads/courses/ads-basics',
      '山田 太郎',
      'method=copy ok=true',
    ]);
    expect(within(rows[1]!).getAllByRole('cell')[4]!.textContent).toBe('訪問者');

    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'もっと見る' })));
    expect(pages.map((request) => request.before)).toEqual([null, 2]);
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(screen.queryByRole('button', { name: 'もっと見る' })).toBeNull();
  });

  it('filters by 種類, イベント名, ページ and 受講者 when 絞り込む is pressed, and 解除 shows everything again', async () => {
    const { pages } = await renderView({ page: async ({ filters }) => ({ items: filters.kind === 'goal' ? [] : [anEntry(1)], nextBefore: null }) });
    fireEvent.change(screen.getByLabelText('種類'), { target: { value: 'goal' } });
    fireEvent.change(screen.getByLabelText('イベント名'), { target: { value: 'login' } });
    fireEvent.change(screen.getByLabelText('ページ（前方一致）'), { target: { value: '/mypage' } });
    fireEvent.change(screen.getByLabelText('受講者（利用者ID）'), { target: { value: LEARNER } });
    expect(pages).toHaveLength(1);
    await settle(() => fireEvent.click(screen.getByRole('button', { name: '絞り込む' })));

    expect(pages[1]!.filters).toEqual({ kind: 'goal', name: 'login', path: '/mypage', userId: LEARNER });
    expect(screen.getByText('この条件に合う記録はありません。').tagName).toBe('P');
    // The summary's names are offered for the name filter.
    expect([...document.querySelectorAll('#analytics-log-known-names option')].map((option) => option.getAttribute('value'))).toEqual(['page_view', 'header_navigation', 'login']);

    await settle(() => fireEvent.click(screen.getByRole('button', { name: '解除' })));
    expect(pages[2]!.filters).toEqual({ kind: '', name: '', path: '', userId: '' });
    expect((screen.getByLabelText('種類') as HTMLSelectElement).value).toBe('');
    expect(screen.queryByRole('button', { name: '解除' })).toBeNull();
  });

  it("narrows the list to a learner's reports from their name", async () => {
    const { pages } = await renderView({ page: async () => ({ items: [anEntry(1, { userId: LEARNER, learnerName: '山田 太郎' })], nextBefore: null }) });
    await settle(() => fireEvent.click(screen.getByRole('button', { name: '山田 太郎' })));
    expect(pages[1]!.filters.userId).toBe(LEARNER);
    expect((screen.getByLabelText('受講者（利用者ID）') as HTMLInputElement).value).toBe(LEARNER);
  });

  it('shows a refused filter next to its input, and other failures over the list with 再読み込み', async () => {
    let answer: () => Promise<AnalyticsLogPage> = async () => ({ items: [], nextBefore: null });
    await renderView({ page: () => answer() });
    expect(screen.getByText('記録はまだありません。').tagName).toBe('P');

    answer = async () => {
      throw new ApiError({ message: 'userId: userId は UUID で指定してください', status: 400, code: 'VALIDATION_FAILED', field: 'userId' });
    };
    fireEvent.change(screen.getByLabelText('受講者（利用者ID）'), { target: { value: 'yamada' } });
    await settle(() => fireEvent.click(screen.getByRole('button', { name: '絞り込む' })));
    const userInput = screen.getByLabelText('受講者（利用者ID）');
    expect(userInput.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(userInput.getAttribute('aria-describedby')!)!.textContent).toBe('userId は UUID で指定してください');

    answer = async () => {
      throw new ApiError({ message: 'サーバーでエラーが発生しました', status: 500, code: 'INTERNAL_ERROR' });
    };
    fireEvent.change(userInput, { target: { value: '' } });
    await settle(() => fireEvent.click(screen.getByRole('button', { name: '絞り込む' })));
    expect(screen.getByRole('alert').textContent).toContain(UNKNOWN_ERROR_MESSAGE);
    answer = async () => ({ items: [anEntry(9)], nextBefore: null });
    await settle(() => fireEvent.click(screen.getByRole('button', { name: '再読み込み' })));
    expect(screen.getByRole('table', { name: 'アクセスログ（新しい順）' }).textContent).toContain('/line-ads');
  });
});
