import { randomUUID } from 'node:crypto';
import { analyticsLogQuerySchema, type AnalyticsReport } from '../../../../contracts/analytics-log';
import { users } from '../../../identity/identity.schema';
import { openPgliteStore } from '../../../../testing/pglite-store';
import { RecordAnalyticsReportsCommand } from '../../commands/record-analytics-reports/record-analytics-reports.command';
import { RecordAnalyticsReportsHandler } from '../../commands/record-analytics-reports/record-analytics-reports.handler';
import { ListAnalyticsReportsHandler } from './list-analytics-reports.handler';
import { ListAnalyticsReportsQuery } from './list-analytics-reports.query';

const LEARNER = randomUUID();
const RECEIVED = new Date('2026-11-22T03:00:00.000Z');

const report = (overrides: Partial<AnalyticsReport>): AnalyticsReport => ({
  kind: 'event',
  name: 'header_navigation',
  path: '/',
  occurredAt: '2026-11-22T02:59:59.000Z',
  params: {},
  ...overrides,
});

describe('recording and listing analytics reports', () => {
  let store: Awaited<ReturnType<typeof openPgliteStore>>;
  let list: (query?: Record<string, string>) => ReturnType<ListAnalyticsReportsHandler['execute']>;

  // Opening PGlite and migrating it takes seconds on a busy machine.
  beforeAll(async () => {
    store = await openPgliteStore();
    await store.db.insert(users).values({ id: LEARNER, subject: 'spec-learner', lastName: '山田', firstName: '太郎' });
    const record = new RecordAnalyticsReportsHandler(store.connection);
    await record.execute(
      new RecordAnalyticsReportsCommand(
        [
          report({ kind: 'page_view', name: 'page_view', path: '/line-ads' }),
          report({ kind: 'page_view', name: 'page_view', path: '/line-ads/courses/ads-basics', occurredAt: '1999-01-01T00:00:00.000Z' }),
          report({ name: 'share', params: { method: 'copy', count: 2, ok: true, none: null } }),
        ],
        LEARNER,
        RECEIVED,
      ),
    );
    await record.execute(new RecordAnalyticsReportsCommand([report({ kind: 'goal', name: 'login', path: '/mypage/profile', occurredAt: '2030-01-01T00:00:00.000Z' })], null, RECEIVED));
    const handler = new ListAnalyticsReportsHandler(store.connection);
    list = (query = {}) => handler.execute(new ListAnalyticsReportsQuery(analyticsLogQuerySchema.parse(query)));
  }, 30_000);
  afterAll(() => store.connection.close());

  it('stores a batch in order with its learner, and lists newest first with the learner name', async () => {
    const page = await list();
    expect(page.nextBefore).toBeNull();
    expect(page.items.map((item) => [item.kind, item.name, item.path, item.userId, item.learnerName])).toEqual([
      ['goal', 'login', '/mypage/profile', null, null],
      ['event', 'share', '/', LEARNER, '山田 太郎'],
      ['page_view', 'page_view', '/line-ads/courses/ads-basics', LEARNER, '山田 太郎'],
      ['page_view', 'page_view', '/line-ads', LEARNER, '山田 太郎'],
    ]);
    expect(page.items[1]!.params).toEqual({ method: 'copy', count: 2, ok: true, none: null });
    expect(page.items[1]!.receivedAt).toBe(RECEIVED.toISOString());
  });

  it('keeps the page clock only within the day before receipt', async () => {
    const { items } = await list();
    expect(items[0]!.occurredAt).toBe(RECEIVED.toISOString());
    expect(items[2]!.occurredAt).toBe('2026-11-21T03:00:00.000Z');
    expect(items[3]!.occurredAt).toBe('2026-11-22T02:59:59.000Z');
  });

  it('filters by kind, exact name, path prefix and learner', async () => {
    const names = async (query: Record<string, string>) => (await list(query)).items.map((item) => item.path);
    expect(await names({ kind: 'page_view' })).toEqual(['/line-ads/courses/ads-basics', '/line-ads']);
    expect(await names({ name: 'share' })).toEqual(['/']);
    expect(await names({ name: 'shar' })).toEqual([]);
    expect(await names({ path: '/line-ads/' })).toEqual(['/line-ads/courses/ads-basics']);
    // A prefix is literal text: % and _ match only themselves.
    expect(await names({ path: '/%' })).toEqual([]);
    expect(await names({ userId: LEARNER.toUpperCase(), kind: 'event' })).toEqual(['/']);
    expect(await names({ userId: randomUUID() })).toEqual([]);
  });

  it('pages with the cursor without repeating or skipping a report', async () => {
    const first = await list({ limit: '3' });
    expect(first.items).toHaveLength(3);
    expect(first.nextBefore).toBe(first.items[2]!.id);
    const second = await list({ limit: '3', before: String(first.nextBefore) });
    expect(second.items).toHaveLength(1);
    expect(second.nextBefore).toBeNull();
    expect([...first.items, ...second.items].map((item) => item.id)).toEqual((await list()).items.map((item) => item.id));
  });
});
