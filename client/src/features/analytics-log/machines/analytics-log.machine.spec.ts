import type { AnalyticsLogEntry, AnalyticsLogPage, AnalyticsSummary } from '@campus/contracts/analytics-log';
import { createActor, fromPromise } from 'xstate';
import { ApiError } from '../../../lib/api-client';
import { deferred } from '../../../test/deferred';
import type { LogPageRequest } from '../api/get-analytics-log';
import type { SummaryRange } from '../api/get-analytics-summary';
import { analyticsLogMachine, selectIsFiltered, selectIsLoadingMore, selectListStatus, selectSummaryStatus } from './analytics-log.machine';

const LEARNER = '7b0c3f3e-7d2a-4c36-9a55-1f0f3c7f7b11';

const anEntry = (id: number, overrides: Partial<AnalyticsLogEntry> = {}): AnalyticsLogEntry => ({
  id,
  kind: 'page_view',
  name: 'page_view',
  path: `/page-${id}`,
  params: {},
  occurredAt: '2026-11-22T03:00:00.000Z',
  receivedAt: '2026-11-22T03:00:01.000Z',
  userId: null,
  learnerName: null,
  ...overrides,
});

const aSummary = (from: string, to: string): AnalyticsSummary => ({ from, to, totals: { pageViews: 3, events: 1, goals: 0 }, names: [], paths: [] });

function start() {
  const summaries: { input: SummaryRange; answer: ReturnType<typeof deferred<AnalyticsSummary>> }[] = [];
  const pages: { input: LogPageRequest; answer: ReturnType<typeof deferred<AnalyticsLogPage>> }[] = [];
  const logic = analyticsLogMachine.provide({
    actors: {
      loadSummary: fromPromise<AnalyticsSummary, SummaryRange>(({ input }) => {
        const answer = deferred<AnalyticsSummary>();
        summaries.push({ input, answer });
        return answer.promise;
      }),
      loadPage: fromPromise<AnalyticsLogPage, LogPageRequest>(({ input }) => {
        const answer = deferred<AnalyticsLogPage>();
        pages.push({ input, answer });
        return answer.promise;
      }),
    },
  });
  const actor = createActor(logic, { input: { today: '2026-11-22' } }).start();
  return { actor, summaries, pages, context: () => actor.getSnapshot().context };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const NO_FILTERS = { kind: '', name: '', path: '', userId: '' };

describe('analyticsLogMachine', () => {
  it('asks for the last 30 days and the newest page, unfiltered, at once', async () => {
    const { actor, summaries, pages, context } = start();
    expect(summaries.map((request) => request.input)).toEqual([{ from: '2026-10-24', to: '2026-11-22' }]);
    expect(pages.map((request) => request.input)).toEqual([{ filters: NO_FILTERS, before: null }]);
    expect(selectSummaryStatus(actor.getSnapshot())).toBe('loading');
    expect(selectListStatus(actor.getSnapshot())).toBe('loading');

    summaries[0]!.answer.resolve(aSummary('2026-10-24', '2026-11-22'));
    pages[0]!.answer.resolve({ items: [anEntry(3), anEntry(2)], nextBefore: 2 });
    await settle();
    expect(selectSummaryStatus(actor.getSnapshot())).toBe('shown');
    expect(selectListStatus(actor.getSnapshot())).toBe('ready');
    expect(context().summary!.totals.pageViews).toBe(3);
    expect(context().rows.map((row) => row.id)).toEqual([3, 2]);
  });

  it('pages older reports below with もっと見る, and stops when there are none', async () => {
    const { actor, pages, context } = start();
    pages[0]!.answer.resolve({ items: [anEntry(3), anEntry(2)], nextBefore: 2 });
    await settle();

    actor.send({ type: 'LOAD_MORE' });
    expect(selectIsLoadingMore(actor.getSnapshot())).toBe(true);
    expect(pages[1]!.input).toEqual({ filters: NO_FILTERS, before: 2 });
    pages[1]!.answer.resolve({ items: [anEntry(1)], nextBefore: null });
    await settle();
    expect(context().rows.map((row) => row.id)).toEqual([3, 2, 1]);
    expect(context().nextBefore).toBeNull();

    actor.send({ type: 'LOAD_MORE' });
    expect(pages).toHaveLength(2);
  });

  it('keeps the rows and shows the message when もっと見る fails, and may try again', async () => {
    const { actor, pages, context } = start();
    pages[0]!.answer.resolve({ items: [anEntry(3)], nextBefore: 3 });
    await settle();
    actor.send({ type: 'LOAD_MORE' });
    pages[1]!.answer.reject(new ApiError({ message: '通信エラー', status: 0, code: 'NETWORK_ERROR' }));
    await settle();
    expect(context().moreError).toBe('通信エラー');
    expect(context().rows.map((row) => row.id)).toEqual([3]);

    actor.send({ type: 'LOAD_MORE' });
    expect(context().moreError).toBeNull();
    expect(pages[2]!.input.before).toBe(3);
  });

  it('filters only when applied, starting the list again, and clears back to everything', async () => {
    const { actor, pages, context } = start();
    pages[0]!.answer.resolve({ items: [anEntry(3)], nextBefore: 3 });
    await settle();

    actor.send({ type: 'EDIT_FILTER', field: 'kind', value: 'event' });
    actor.send({ type: 'EDIT_FILTER', field: 'name', value: 'share' });
    expect(pages).toHaveLength(1);
    expect(selectIsFiltered(actor.getSnapshot())).toBe(false);

    actor.send({ type: 'APPLY_FILTERS' });
    expect(context().rows).toEqual([]);
    expect(pages[1]!.input).toEqual({ filters: { ...NO_FILTERS, kind: 'event', name: 'share' }, before: null });
    expect(selectIsFiltered(actor.getSnapshot())).toBe(true);

    actor.send({ type: 'CLEAR_FILTERS' });
    expect(pages[2]!.input).toEqual({ filters: NO_FILTERS, before: null });
    expect(context().filterForm).toEqual(NO_FILTERS);
  });

  it("narrows to a learner's reports from a row, keeping the other applied filters", async () => {
    const { actor, pages, context } = start();
    actor.send({ type: 'EDIT_FILTER', field: 'kind', value: 'goal' });
    actor.send({ type: 'APPLY_FILTERS' });
    actor.send({ type: 'EDIT_FILTER', field: 'name', value: 'half-typed' });
    actor.send({ type: 'FILTER_BY_LEARNER', userId: LEARNER });
    expect(pages.at(-1)!.input).toEqual({ filters: { ...NO_FILTERS, kind: 'goal', userId: LEARNER }, before: null });
    expect(context().filterForm).toEqual({ ...NO_FILTERS, kind: 'goal', userId: LEARNER });
  });

  it('fails the list with the field the server named, and retries the same filters', async () => {
    const { actor, pages, context } = start();
    actor.send({ type: 'EDIT_FILTER', field: 'userId', value: 'someone' });
    actor.send({ type: 'APPLY_FILTERS' });
    pages[1]!.answer.reject(new ApiError({ message: 'userId: userId は UUID で指定してください', status: 400, code: 'VALIDATION_FAILED', field: 'userId' }));
    await settle();
    expect(selectListStatus(actor.getSnapshot())).toBe('failed');
    expect(context().listError).toEqual({ message: 'userId は UUID で指定してください', field: 'userId' });

    actor.send({ type: 'RETRY_LIST' });
    expect(pages[2]!.input.filters.userId).toBe('someone');
    expect(context().listError).toBeNull();
  });

  it('keeps the figures and the typed dates when the server refuses the range, naming the field', async () => {
    const { actor, summaries, context } = start();
    summaries[0]!.answer.resolve(aSummary('2026-10-24', '2026-11-22'));
    await settle();

    actor.send({ type: 'EDIT_RANGE', field: 'from', value: '2026-12-01' });
    expect(summaries).toHaveLength(1);
    actor.send({ type: 'APPLY_RANGE' });
    expect(summaries[1]!.input).toEqual({ from: '2026-12-01', to: '2026-11-22' });
    summaries[1]!.answer.reject(new ApiError({ message: 'from: from は to 以前の日付で指定してください', status: 400, code: 'VALIDATION_FAILED', field: 'from' }));
    await settle();

    expect(selectSummaryStatus(actor.getSnapshot())).toBe('shown');
    expect(context().rangeError).toEqual({ message: 'from は to 以前の日付で指定してください', field: 'from' });
    expect(context().summary!.from).toBe('2026-10-24');
    expect(context().rangeForm.from).toBe('2026-12-01');

    actor.send({ type: 'APPLY_RANGE' });
    expect(context().rangeError).toBeNull();
  });

  it('fails the summary alone on a network error, and retries it', async () => {
    const { actor, summaries, pages, context } = start();
    summaries[0]!.answer.reject(new ApiError({ message: '通信エラー', status: 0, code: 'NETWORK_ERROR' }));
    pages[0]!.answer.resolve({ items: [anEntry(1)], nextBefore: null });
    await settle();
    expect(selectSummaryStatus(actor.getSnapshot())).toBe('failed');
    expect(context().summaryError).toBe('通信エラー');
    expect(selectListStatus(actor.getSnapshot())).toBe('ready');

    actor.send({ type: 'RETRY_SUMMARY' });
    expect(summaries[1]!.input).toEqual({ from: '2026-10-24', to: '2026-11-22' });
  });
});
