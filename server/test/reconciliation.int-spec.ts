import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { INestApplicationContext } from '@nestjs/common';
import { Client } from 'pg';
import { openDatabase } from '../src/database/connection';
import { type EventRow, toStoredEvent } from '../src/database/event-row';
import { EventStore } from '../src/database/event-store';
import { JobQueue } from '../src/jobs/job-queue';
import { ReconcileOutstandingWorkHandler } from '../src/jobs/reconcile-outstanding-work.handler';
import { ImportLegacyBadgesCommand } from '../src/modules/cloud-campus-migration/commands/import-legacy-badges/import-legacy-badges.command';
import { ImportLegacyBadgesHandler } from '../src/modules/cloud-campus-migration/commands/import-legacy-badges/import-legacy-badges.handler';
import { AwardBadgesWhenCloudCampusBadgesMigratedHandler } from '../src/modules/certification/reactions/award-badges-when-cloud-campus-badges-migrated.handler';
import { startCampus, startWorker } from './support/campus-harness';
import { importDemoPack } from './support/demo-content';
import { logInAsDemo } from './support/dev-idp-login';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/**
 * The reconciler derives owed work from PostgreSQL: here, certificates for badges carried over from
 * Cloud Campus by a version that issued none (their CloudCampusBadgesMigrated event already relayed).
 */
describe('reconciliation: badges without a certificate', () => {
  const mediaDir = mkdtempSync(path.join(tmpdir(), 'campus-media-'));
  let campus: Awaited<ReturnType<typeof startCampus>>;
  let database: Client;
  let worker: INestApplicationContext | undefined;

  beforeAll(async () => {
    campus = await startCampus({ mediaDir });
    await importDemoPack(campus.database.url, mediaDir);
    database = new Client({ connectionString: campus.database.url });
    await database.connect();
  });
  afterAll(async () => {
    await worker?.close();
    await database.end();
    await campus.stop();
    rmSync(mediaDir, { recursive: true, force: true });
    rmSync(`${mediaDir}-certificates`, { recursive: true, force: true });
  });

  it('issues one certificate per migrated badge, at its pass date, once, without any job left from the migration', async () => {
    const connection = await openDatabase({ kind: 'postgres', url: campus.database.url, poolSize: 2 });
    const csv = ['email,course_slug,passed_at', `learner@example.com,line-ads-basic,${daysAgo(30)}`, `learner@example.com,yahoo-ads-searchads-basic,${daysAgo(90)}`].join('\n');
    await new ImportLegacyBadgesHandler(new EventStore(connection)).execute(
      new ImportLegacyBadgesCommand(csv, 'cloud-campus.csv', { actorId: null, requestId: null, correlationId: 'test', causationId: null }),
    );
    await connection.close();
    const learner = await logInAsDemo(campus.api.origin, 'learner', { acceptAgreements: true });
    expect((await learner.xhr('PUT', '/api/v1/migrate-from-cloud-campus/')).json()).toEqual({ migratedCourseSlugs: ['line-ads-basic', 'yahoo-ads-searchads-basic'] });
    const userId = (await database.query(`select id from users where subject = 'demo-learner'`)).rows[0].id;

    // As if an older version had made the badges in the migration's transaction (certification's reaction,
    // run here by hand) and relayed everything: no job of this migration will ever come.
    const { rows: migrated } = await database.query<EventRow>(
      `select seq, id, stream_type, stream_id, version, type, data, meta, occurred_at from events where type = 'CloudCampusBadgesMigrated' and stream_id = $1`,
      [userId],
    );
    const byHand = await openDatabase({ kind: 'postgres', url: campus.database.url, poolSize: 2 });
    await new AwardBadgesWhenCloudCampusBadgesMigratedHandler(new EventStore(byHand)).handle(toStoredEvent(migrated[0]!));
    await byHand.close();
    await database.query(`update events set relayed_at = now() where relayed_at is null`);
    // Awards without a certificate at their award time (certificates keeps none for them yet).
    const { rows: waiting } = await database.query(
      `select count(*)::int as n from badges b where user_id = $1
          and not exists (select 1 from certificates c where c.user_id = b.user_id and c.course_id = b.course_id and c.issued_at = b.awarded_at)`,
      [userId],
    );
    expect(waiting[0].n).toBe(2);

    // The worker's start runs the reconciler once.
    worker = await startWorker(campus.api.config);
    const issued = async () =>
      (
        await database.query(
          `select c.id, c.exam_session_id, c.issued_at, c.expires_at, b.awarded_at, b.expires_at as badge_expires_at,
                  (select ci.id from certificates ci where ci.user_id = b.user_id and ci.course_id = b.course_id and ci.issued_at = b.awarded_at) as certificate_id
             from certificates c join badges b on b.user_id = c.user_id and b.course_id = c.course_id where c.user_id = $1`,
          [userId],
        )
      ).rows;
    for (const until = Date.now() + 30_000; Date.now() < until && (await issued()).length < 2; ) await sleep(200);
    const certificates = await issued();
    expect(certificates).toHaveLength(2);
    for (const certificate of certificates) {
      expect(certificate.exam_session_id).toBeNull();
      expect(certificate.issued_at).toEqual(certificate.awarded_at);
      expect(certificate.expires_at).toEqual(certificate.badge_expires_at);
      expect(certificate.certificate_id).toBe(certificate.id);
    }
    // The learner sees them, and the PDF is there.
    const listed = (await learner.xhr('GET', '/api/v1/certificates/')).json();
    expect(JSON.stringify(listed)).toContain(certificates[0].id);

    // Each certificate's credential follows it (a reaction of its own); then nothing more is owed:
    // running the reconciler again enqueues nothing, and no second certificate appears.
    const credentials = async () =>
      (await database.query(`select count(*)::int as n from open_badge_credentials o join certificates c on c.id = o.certificate_id where c.user_id = $1`, [userId])).rows[0].n;
    for (const until = Date.now() + 30_000; Date.now() < until && (await credentials()) < 2; ) await sleep(200);
    expect(await credentials()).toBe(2);
    expect(await worker.get(ReconcileOutstandingWorkHandler).reconcile()).toBe(0);
    const { rows: issuedEvents } = await database.query(`select count(*)::int as n from events where type = 'CertificateIssued' and data->>'userId' = $1`, [userId]);
    expect(issuedEvents[0].n).toBe(2);
  });

  it('sends a personal notification whose job was lost with Redis, a minute after its event was relayed, once', async () => {
    const userId = (await database.query(`select id from users where subject = 'demo-learner'`)).rows[0].id;
    const notices = async () =>
      (
        await database.query(
          `select e.id from events e join notifications n on n.source_event_id = e.id and n.user_id = $1 where e.type = 'CertificateIssued' order by e.seq`,
          [userId],
        )
      ).rows.map((row) => row.id as string);
    for (const until = Date.now() + 30_000; Date.now() < until && (await notices()).length < 2; ) await sleep(200);
    const [lost, kept] = await notices();
    expect(kept).toBeDefined();

    // As if Redis had gone with the job before it ran: no notice, and no job under its id.
    await database.query(`delete from notifications where source_event_id = $1`, [lost]);
    await worker!.get(JobQueue).queue.remove(`notify-learner-when-graded-or-certified@${lost}`);
    const reconciler = worker!.get(ReconcileOutstandingWorkHandler);
    // Within its minute the usual path may still be on its way: nothing is owed yet.
    expect(await reconciler.reconcile()).toBe(0);
    await database.query(`update events set relayed_at = now() - interval '2 minutes' where id = $1`, [lost]);
    expect(await reconciler.reconcile()).toBe(1);
    for (const until = Date.now() + 30_000; Date.now() < until && (await notices()).length < 2; ) await sleep(200);
    expect(await notices()).toEqual([lost, kept]);
    expect(await reconciler.reconcile()).toBe(0);
  });
});
