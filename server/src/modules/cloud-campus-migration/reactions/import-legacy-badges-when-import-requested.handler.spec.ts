import { eq } from 'drizzle-orm';
import type { LegacyBadgeImportSummary } from '../../../contracts/legacy-badge-imports';
import type { StoredEvent } from '../../../database/event-store';
import { events } from '../../../database/events.schema';
import { legacyBadgeImports, legacyBadges } from '../cloud-campus-migration.schema';
import { users } from '../../identity/identity.schema';
import type { RealtimePublisher } from '../../../realtime/realtime-publisher';
import { openPgliteStore } from '../../../testing/pglite-store';
import { ImportLegacyBadgesHandler } from '../commands/import-legacy-badges/import-legacy-badges.handler';
import { StartLegacyBadgeImportCommand } from '../commands/start-legacy-badge-import/start-legacy-badge-import.command';
import { StartLegacyBadgeImportHandler } from '../commands/start-legacy-badge-import/start-legacy-badge-import.handler';
import { ImportLegacyBadgesWhenImportRequestedHandler } from './import-legacy-badges-when-import-requested.handler';

const ADMIN_ID = '0d7c9e4a-3b1f-4a2e-9c5d-6e7f8a9b0c1d';
const meta = { actorId: ADMIN_ID, requestId: 'r1', correlationId: 'r1', causationId: null };
const lastAttempt = { attemptsMade: 4, opts: { attempts: 5 } };
const firstAttempt = { attemptsMade: 0, opts: { attempts: 5 } };

describe('importing a CSV an admin started over HTTP', () => {
  let store: Awaited<ReturnType<typeof openPgliteStore>>;
  let importer: ImportLegacyBadgesHandler;
  let reaction: ImportLegacyBadgesWhenImportRequestedHandler;
  const pushed: LegacyBadgeImportSummary[] = [];
  const realtime = { toAdmins: () => ({ emit: (_: string, view: LegacyBadgeImportSummary) => pushed.push(view) }) } as unknown as RealtimePublisher;

  /** The command as the API runs it, then the reaction as the worker would for the event it appended. */
  const start = async (csv: string, fileName = 'export.csv') => {
    const view = await new StartLegacyBadgeImportHandler(store.eventStore).execute(new StartLegacyBadgeImportCommand(ADMIN_ID, { fileName, csv }, meta));
    const [requested] = await store.db.select().from(events).where(eq(events.streamId, view.importId));
    const event = { ...requested!, meta: requested!.meta as StoredEvent['meta'], occurredAt: requested!.occurredAt.toISOString() } satisfies StoredEvent;
    return { view, event };
  };
  const rowOf = async (importId: string) => (await store.db.select().from(legacyBadgeImports).where(eq(legacyBadgeImports.id, importId)))[0]!;

  // Opening PGlite and migrating it takes seconds on a busy machine.
  beforeAll(async () => {
    store = await openPgliteStore();
    await store.db.insert(users).values({ id: ADMIN_ID, subject: 'admin', role: 'admin' });
    importer = new ImportLegacyBadgesHandler(store.eventStore);
    reaction = new ImportLegacyBadgesWhenImportRequestedHandler(store.connection, importer, realtime);
  }, 30_000);
  beforeEach(() => (pushed.length = 0));
  afterAll(() => store.connection.close());

  it('queues the import with an event that names it without carrying the file', async () => {
    const { view, event } = await start('a@example.com,line-ads-basic,2025-06-01', '旧バッジ.csv');
    expect(view).toEqual({
      importId: expect.any(String),
      fileName: '旧バッジ.csv',
      status: 'queued',
      totalRows: 0,
      processedRows: 0,
      importedCount: 0,
      unchangedCount: 0,
      rejectedRows: [],
      requestedAt: expect.any(String),
      finishedAt: null,
    });
    expect(event).toMatchObject({ type: 'LegacyBadgeImportRequested', streamType: 'legacy-badge-import', version: 1 });
    expect(event.data).toEqual({ importId: view.importId, fileName: '旧バッジ.csv', requestedBy: ADMIN_ID });
    expect((await rowOf(view.importId)).csv).toBe('a@example.com,line-ads-basic,2025-06-01');
  });

  it('imports the good rows, keeps the refused ones with their lines, reports to the admins and ends done', async () => {
    const csv = ['email,course_slug,passed_at', 'taro@example.com,line-ads-basic,2025-06-01', 'broken,line-ads-basic,2025-06-01', 'hana@example.com,line-ads-advanced,2025-07-01'].join('\n');
    const { view, event } = await start(csv);
    await reaction.handle(event, firstAttempt);

    const done = await rowOf(view.importId);
    expect(done).toMatchObject({ status: 'done', totalRows: 3, processedRows: 3, importedCount: 2, unchangedCount: 0, rejectedRows: [{ line: 3, reason: expect.stringContaining('メールアドレス') }] });
    expect(done.finishedAt).toBeInstanceOf(Date);
    expect(done.csv).toBe('');
    expect(pushed.map((progress) => [progress.status, progress.processedRows, progress.rejectedCount])).toEqual([
      ['running', 1, 1],
      ['running', 3, 1],
      ['done', 3, 1],
    ]);
    expect(pushed.at(-1)).toMatchObject({ importId: view.importId, importedCount: 2, rejectedCount: 1 });
    for (const progress of pushed) expect(progress).not.toHaveProperty('rejectedRows');
    const rows = await store.db.select().from(legacyBadges).where(eq(legacyBadges.email, 'taro@example.com'));
    expect(rows).toHaveLength(1);
    const [imported] = await store.db.select().from(events).where(eq(events.type, 'LegacyBadgesImported'));
    expect(imported).toMatchObject({ data: { source: 'export.csv', imported: 2, rejected: 1 }, meta: { causationId: event.id, correlationId: 'r1' } });

    // Delivered again: a finished import is left alone.
    pushed.length = 0;
    await reaction.handle(event, firstAttempt);
    expect(pushed).toEqual([]);
  });

  it('starts over an import a dead worker left running, safely', async () => {
    const csv = 'jiro@example.com,line-ads-basic,2025-06-01';
    const { view, event } = await start(csv);
    await reaction.handle(event, firstAttempt);
    // As a worker that died after writing the badges leaves it: running, the CSV still there.
    await store.db.update(legacyBadgeImports).set({ status: 'running', finishedAt: null, csv }).where(eq(legacyBadgeImports.id, view.importId));
    await reaction.handle(event, firstAttempt);
    expect(await rowOf(view.importId)).toMatchObject({ status: 'done', totalRows: 1, importedCount: 0, unchangedCount: 1 });
    expect(await store.db.select().from(legacyBadges).where(eq(legacyBadges.email, 'jiro@example.com'))).toHaveLength(1);
  });

  it.each([
    ['only a header', 'email,course_slug,passed_at\n', [{ line: 0, reason: expect.stringContaining('取り込める行がありません') }]],
    [
      'no good row',
      'email\tcourse\tdate\nx\ty\tz\n',
      [
        { line: 1, reason: expect.stringContaining('列の数が 1 です') },
        { line: 2, reason: expect.stringContaining('列の数が 1 です') },
      ],
    ],
  ])('fails a file with %s, importing nothing', async (_, csv, rejectedRows) => {
    const before = await store.db.select().from(events).where(eq(events.type, 'LegacyBadgesImported'));
    const { view, event } = await start(csv);
    await reaction.handle(event, firstAttempt);
    expect(await rowOf(view.importId)).toMatchObject({ status: 'failed', rejectedRows, csv: '' });
    expect(pushed.map((progress) => [progress.status, progress.rejectedCount])).toEqual([['failed', rejectedRows.length]]);
    expect(await store.db.select().from(events).where(eq(events.type, 'LegacyBadgesImported'))).toHaveLength(before.length);
  });

  it('stays running while the queue will try again, and fails on the last attempt', async () => {
    const broken = new ImportLegacyBadgesWhenImportRequestedHandler(store.connection, { execute: () => Promise.reject(new Error('database gone')) } as unknown as ImportLegacyBadgesHandler, realtime);
    const { view, event } = await start('saburo@example.com,line-ads-basic,2025-06-01');
    await expect(broken.handle(event, firstAttempt)).rejects.toThrow('database gone');
    // Kept for the next attempt.
    expect(await rowOf(view.importId)).toMatchObject({ status: 'running', finishedAt: null, csv: 'saburo@example.com,line-ads-basic,2025-06-01' });
    await expect(broken.handle(event, lastAttempt)).rejects.toThrow('database gone');
    expect(await rowOf(view.importId)).toMatchObject({ status: 'failed', csv: '', rejectedRows: [{ line: 0, reason: expect.stringContaining('もう一度取り込んでください') }] });
    expect(pushed.at(-1)).toMatchObject({ status: 'failed', rejectedCount: 1 });
  });
});
