import { sql } from 'drizzle-orm';
import { analyticsReports } from '../analytics-log.schema';
import { openPgliteStore } from '../../../testing/pglite-store';
import { DeleteExpiredAnalyticsReportsHandler } from './delete-expired-analytics-reports.handler';

const NOW = new Date('2026-11-22T03:00:00.000Z');
const DAY_MS = 24 * 3_600_000;
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY_MS);

describe('DeleteExpiredAnalyticsReportsHandler', () => {
  let store: Awaited<ReturnType<typeof openPgliteStore>>;

  beforeAll(async () => {
    store = await openPgliteStore();
  }, 30_000);
  afterAll(() => store.connection.close());

  it('deletes reports older than 180 days and keeps the rest, twice in a row without harm', async () => {
    const ages = [400, 181, 180.5, 179.9, 1, 0];
    await store.db.insert(analyticsReports).values(
      ages.map((age) => ({ occurredAt: daysAgo(age), receivedAt: daysAgo(age), kind: 'event' as const, name: `age_${String(age).replace('.', '_')}`, path: '/' })),
    );
    const handler = new DeleteExpiredAnalyticsReportsHandler(store.connection);
    await handler.deleteExpired(NOW);
    await handler.deleteExpired(NOW);
    const left = await store.db.select({ name: analyticsReports.name }).from(analyticsReports).orderBy(sql`occurred_at`);
    expect(left.map((row) => row.name)).toEqual(['age_179_9', 'age_1', 'age_0']);
  });
});
