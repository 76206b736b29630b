import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { openDatabase } from '../src/database/connection';
import { EventStore } from '../src/database/event-store';
import { ImportLegacyBadgesCommand } from '../src/modules/cloud-campus-migration/commands/import-legacy-badges/import-legacy-badges.command';
import { ImportLegacyBadgesHandler } from '../src/modules/cloud-campus-migration/commands/import-legacy-badges/import-legacy-badges.handler';
import { AwardBadgesWhenCloudCampusBadgesMigratedHandler } from '../src/modules/certification/reactions/award-badges-when-cloud-campus-badges-migrated.handler';
import { BrowserLikeClient } from './support/browser-like-client';
import { startCampus } from './support/campus-harness';
import { importDemoPack } from './support/demo-content';
import { type DemoLogin, logInAsDemo } from './support/dev-idp-login';

/** A day `months` ago, as the Cloud Campus export writes it (YYYY-MM-DD, a day in Japan). */
const monthsAgo = (months: number) => {
  const date = new Date();
  date.setUTCMonth(date.getUTCMonth() - months);
  return date.toISOString().slice(0, 10);
};
const inJapan = (day: string) => new Date(`${day}T00:00:00+09:00`);
const plusMonths = (date: Date, months: number) => {
  const result = new Date(date);
  result.setUTCMonth(result.getUTCMonth() + months);
  return result;
};

const RECENT = monthsAgo(2);
const LONG_AGO = monthsAgo(14);

describe('Cloud Campus migration', () => {
  const mediaDir = mkdtempSync(path.join(tmpdir(), 'campus-media-'));
  let campus: Awaited<ReturnType<typeof startCampus>>;
  let database: Client;

  const logIn = (login: DemoLogin) => logInAsDemo(campus.api.origin, login, { acceptAgreements: false });
  const migrate = (client: BrowserLikeClient) => client.xhr('PUT', '/api/v1/migrate-from-cloud-campus/');
  const me = async (client: BrowserLikeClient) => (await client.xhr('GET', '/api/v1/me')).json();
  /** Certification's reaction to the learner's migration has run (its badges are made a moment after the reply). */
  const badgesMadeFor = async (userId: string) => {
    const made = async () =>
      (
        await database.query(
          `select count(*)::int as n from migrated_badge_applications a join events e on e.id = a.event_id where e.type = 'CloudCampusBadgesMigrated' and e.stream_id = $1`,
          [userId],
        )
      ).rows[0].n > 0;
    for (const until = Date.now() + 20_000; Date.now() < until && !(await made()); ) await new Promise((resolve) => setTimeout(resolve, 50));
  };

  /** What `npm run legacy-badges:import` runs, against this spec's database. */
  const importCsv = async (csv: string) => {
    const connection = await openDatabase({ kind: 'postgres', url: campus.database.url, poolSize: 2 });
    try {
      const meta = { actorId: null, requestId: null, correlationId: 'test', causationId: null };
      return await new ImportLegacyBadgesHandler(new EventStore(connection)).execute(
        new ImportLegacyBadgesCommand(csv, 'cloud-campus.csv', meta),
      );
    } finally {
      await connection.close();
    }
  };

  beforeAll(async () => {
    // With a worker: certification makes the carried-over badges after the migration's commit (its reaction).
    campus = await startCampus({ mediaDir, worker: true });
    await importDemoPack(campus.database.url, mediaDir);
    database = new Client({ connectionString: campus.database.url });
    await database.connect();
  });
  afterAll(async () => {
    await database.end();
    await campus.stop();
    rmSync(mediaDir, { recursive: true, force: true });
    rmSync(`${mediaDir}-certificates`, { recursive: true, force: true });
  });

  it('imports the good rows of a CSV and reports every bad one with its line', async () => {
    const report = await importCsv(
      [
        'email,course_slug,passed_at',
        `Learner@Example.com,line-ads-basic,${RECENT}`,
        `learner@example.com,yahoo-ads-searchads-basic,${LONG_AGO}`,
        `learner@example.com,line-ads-expert,${RECENT}`,
        `not-an-email,line-ads-basic,${RECENT}`,
        'someone@example.com,line-ads-basic,2999-12-31',
        `someone@example.com,line-ads-basic,${RECENT},extra`,
      ].join('\n'),
    );
    expect(report).toMatchObject({ imported: 2, unchanged: 0, offeredUsers: 0 });
    expect(report.rejected).toEqual([
      { line: 4, reason: expect.stringContaining('認定コースのスラッグではありません') },
      { line: 5, reason: expect.stringContaining('メールアドレス「not-an-email」') },
      { line: 6, reason: expect.stringContaining('未来の日付') },
      { line: 7, reason: expect.stringContaining('列の数') },
    ]);
    const { rows } = await database.query(`select email, course_slug from legacy_badges order by course_slug`);
    expect(rows).toEqual([
      { email: 'learner@example.com', course_slug: 'line-ads-basic' },
      { email: 'learner@example.com', course_slug: 'yahoo-ads-searchads-basic' },
    ]);
    // Importing the same file again changes nothing.
    expect(await importCsv(`learner@example.com,line-ads-basic,${RECENT}`)).toMatchObject({ imported: 0, unchanged: 1, rejected: [] });
  });

  it('refuses visitors', async () => {
    const reply = await migrate(new BrowserLikeClient(campus.api.origin));
    expect(reply.status).toBe(401);
    expect(reply.json()).toMatchObject({ code: 'LOGIN_REQUIRED' });
  });

  it('offers a learner without records nothing', async () => {
    const newcomer = await logIn('learner-new');
    expect((await me(newcomer)).canMigrateFromCloudCampus).toBe(false);
    const reply = await migrate(newcomer);
    expect(reply.status).toBe(200);
    expect(reply.json()).toEqual({ migratedCourseSlugs: [] });
  });

  it('carries the badges of the verified e-mail over, before the agreements, and only once', async () => {
    const learner = await logIn('learner');
    expect(await me(learner)).toMatchObject({ canMigrateFromCloudCampus: true, hasAcceptedAgreements: false });
    const { rows: users } = await database.query(`select id, verified_email from users where subject = 'demo-learner'`);
    expect(users[0].verified_email).toBe('learner@example.com');
    const userId = users[0].id;

    const reply = await migrate(learner);
    expect(reply.status).toBe(200);
    // Catalogue order.
    expect(reply.json()).toEqual({ migratedCourseSlugs: ['line-ads-basic', 'yahoo-ads-searchads-basic'] });
    await badgesMadeFor(userId);

    const { rows: badges } = await database.query(
      `select c.slug, c.badge_valid_months, b.awarded_at, b.expires_at from badges b join courses c on c.id = b.course_id where b.user_id = $1 order by c.slug`,
      [userId],
    );
    expect(badges.map((badge) => badge.slug)).toEqual(['line-ads-basic', 'yahoo-ads-searchads-basic']);
    for (const [badge, day] of [
      [badges[0], RECENT],
      [badges[1], LONG_AGO],
    ] as const) {
      expect(badge.awarded_at).toEqual(inJapan(day));
      expect(badge.expires_at).toEqual(plusMonths(inJapan(day), badge.badge_valid_months ?? 12));
    }
    const { rows: legacy } = await database.query(`select migrated_user_id, migrated_at from legacy_badges`);
    expect(legacy.every((row) => row.migrated_user_id === userId && row.migrated_at !== null)).toBe(true);
    const { rows: events } = await database.query(`select type, stream_type, version from events where stream_id = $1 order by version`, [userId]);
    expect(events.map((event) => event.type)).toEqual(['UserRegistered', 'CloudCampusMigrationOffered', 'CloudCampusBadgesMigrated']);
    expect(events[2]).toMatchObject({ stream_type: 'user', version: 3 });

    expect(await me(learner)).toMatchObject({ canMigrateFromCloudCampus: false });
    expect((await migrate(learner)).json()).toEqual({ migratedCourseSlugs: [] });

    // The agreement popup accepts right after; the catalogue then shows the carried-over badges.
    expect((await learner.xhr('POST', '/api/v1/agreements/accept')).status).toBe(200);
    const cards: { slug: string; badgeStatus: string }[] = (await learner.xhr('GET', '/api/v1/certification-courses/')).json();
    const statusOf = (slug: string) => cards.find((card) => card.slug === slug)?.badgeStatus;
    expect(statusOf('line-ads-basic')).toBe('available');
    expect(statusOf('yahoo-ads-searchads-basic')).toBe('expired');
    expect(statusOf('line-ads-advanced')).toBe('unavailable');

    // Logging in again offers nothing more.
    const again = await logIn('learner');
    expect((await me(again)).canMigrateFromCloudCampus).toBe(false);
  });

  it('offers the migration to a learner already registered when the import matches the verified e-mail', async () => {
    const admin = await logIn('admin');
    expect((await me(admin)).canMigrateFromCloudCampus).toBe(false);
    // A badge the learner holds for longer than the record would give stays as it is.
    const { rows: users } = await database.query(`select id from users where subject = 'demo-admin'`);
    const later = new Date(Date.now() + 700 * 24 * 3600_000);
    await database.query(
      `insert into badges (user_id, course_id, awarded_at, expires_at) select $1, id, now(), $2 from courses where slug = 'line-ads-advanced' and kind = 'certification'`,
      [users[0].id, later],
    );

    const report = await importCsv(`ADMIN@example.com,line-ads-advanced,${RECENT}`);
    expect(report).toMatchObject({ imported: 1, offeredUsers: 1, rejected: [] });
    expect((await me(admin)).canMigrateFromCloudCampus).toBe(true);

    expect((await migrate(admin)).json()).toEqual({ migratedCourseSlugs: ['line-ads-advanced'] });
    await badgesMadeFor(users[0].id);
    const { rows: badges } = await database.query(`select expires_at from badges where user_id = $1`, [users[0].id]);
    expect(badges).toEqual([{ expires_at: later }]);
    expect((await me(admin)).canMigrateFromCloudCampus).toBe(false);
  });

  it('a login waits for another command on the user stream rather than writing an older stream version back', async () => {
    const lastVersion = async (userId: string) =>
      (await database.query(`select max(version)::int as version from events where stream_type = 'user' and stream_id = $1`, [userId])).rows[0].version;
    // Another command on the learner's stream, caught between its read of the user row and its commit.
    const other = new Client({ connectionString: campus.database.url });
    await other.connect();
    try {
      await other.query('begin');
      const { rows: locked } = await other.query(`select id, stream_version from users where subject = 'demo-learner' for update`);
      const { id: userId, stream_version: version } = locked[0];
      expect(await lastVersion(userId)).toBe(version);

      const login = logIn('learner');
      // The login's transaction reaches the user row and waits for the lock.
      for (let waited = 0; ; waited += 20) {
        const { rows } = await database.query(
          `select count(*)::int as waiting from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database() and query ilike '%users%'`,
        );
        if (rows[0].waiting > 0) break;
        if (waited > 10_000) throw new Error('the login never reached the user row');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await other.query(`insert into events (id, stream_type, stream_id, version, type, data, meta) values (gen_random_uuid(), 'user', $1, $2, 'IntSpecOtherCommand', '{}', '{}')`, [
        userId,
        version + 1,
      ]);
      await other.query(`update users set stream_version = $2 where id = $1`, [userId, version + 1]);
      await other.query('commit');
      const learner = await login;

      const { rows: after } = await database.query(`select stream_version from users where id = $1`, [userId]);
      expect(after[0].stream_version).toBe(version + 1);
      expect(await lastVersion(userId)).toBe(version + 1);

      // The stream stays writable: the import's offer and the migration append on it without a conflict.
      expect(await importCsv(`learner@example.com,line-official-account-basic,${RECENT}`)).toMatchObject({ imported: 1, offeredUsers: 1 });
      const migrated = await migrate(learner);
      expect(migrated.status).toBe(200);
      expect(migrated.json()).toEqual({ migratedCourseSlugs: ['line-official-account-basic'] });
      expect(await lastVersion(userId)).toBe(version + 3);
    } finally {
      await other.end();
    }
  });

  it("a failing reaction of certification never undoes the migration: it commits, and the badge follows on the reaction's retry", async () => {
    const newcomer = await logIn('learner-new');
    expect(await importCsv(`learner-new@example.com,line-ads-advanced,${RECENT}`)).toMatchObject({ imported: 1, rejected: [] });
    const { rows: users } = await database.query(`select id from users where subject = 'demo-learner-new'`);
    const userId = users[0].id;
    const reaction = campus.worker!.get(AwardBadgesWhenCloudCampusBadgesMigratedHandler);
    const failingOnce = jest.spyOn(reaction, 'handle').mockRejectedValueOnce(new Error('certification failed'));
    try {
      const reply = await migrate(newcomer);
      expect(reply.status).toBe(200);
      expect(reply.json()).toEqual({ migratedCourseSlugs: ['line-ads-advanced'] });
      // The migration's own work stands whatever certification's reaction does.
      expect((await me(newcomer)).canMigrateFromCloudCampus).toBe(false);
      const { rows: legacy } = await database.query(`select migrated_user_id from legacy_badges where email = 'learner-new@example.com'`);
      expect(legacy).toEqual([{ migrated_user_id: userId }]);
      const { rows: stored } = await database.query(`select type from events where stream_id = $1 and type = 'CloudCampusBadgesMigrated'`, [userId]);
      expect(stored).toHaveLength(1);

      // The reaction failed, and its retry made the badge, awarded on the pass date.
      await badgesMadeFor(userId);
      expect(failingOnce.mock.calls.length).toBeGreaterThanOrEqual(2);
      await expect(failingOnce.mock.results[0]!.value).rejects.toThrow('certification failed');
      const { rows: badges } = await database.query(`select awarded_at from badges where user_id = $1`, [userId]);
      expect(badges).toEqual([{ awarded_at: inJapan(RECENT) }]);
    } finally {
      failingOnce.mockRestore();
    }
  });
});
