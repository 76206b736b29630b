import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import type { CertificateIssuedPush, CredentialIssuedPush, ExamGradedPush } from '../src/contracts/realtime';
import type { UnreadFlags } from '../src/contracts/notifications';
import { JobQueue } from '../src/jobs/job-queue';
import { type CampusSocket, openSessionSocket } from './support/campus-socket';
import { startCampus } from './support/campus-harness';
import { importDemoPack } from './support/demo-content';
import { logInAsDemo } from './support/dev-idp-login';
import { feedCursorNow, followAdminFeed } from './support/admin-feed';

const PROFILE = { lastName: '山田', firstName: '太郎', lastNameKana: 'ヤマダ', firstNameKana: 'タロウ', email: 'learner@example.com' };

/**
 * Pushes leave the committing process right after its commit, one Redis message per commit that every
 * API process delivers to its sockets — not through BullMQ. One learner's exam, end to end, with real
 * sockets on the API and a separate worker.
 */
describe('pushes from the committing process, not the durable queue', () => {
  const mediaDir = mkdtempSync(path.join(tmpdir(), 'campus-media-'));
  let campus: Awaited<ReturnType<typeof startCampus>>;
  let database: Client;
  const sockets: CampusSocket[] = [];

  beforeAll(async () => {
    campus = await startCampus({ mediaDir, worker: true });
    await importDemoPack(campus.database.url, mediaDir);
    database = new Client({ connectionString: campus.database.url });
    await database.connect();
  });
  afterAll(async () => {
    sockets.forEach((socket) => socket.disconnect());
    await database.end();
    await campus.stop();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  const waitUntil = async <T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 20_000): Promise<T> => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const value = await probe();
      if (value) return value;
      if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  it('one 20-question exam: its pushes reach the learner and the admins, and only durable work becomes jobs', async () => {
    const learner = await logInAsDemo(campus.api.origin, 'learner');
    expect((await learner.xhr('PUT', '/api/v1/me', PROFILE)).status).toBe(200);
    const admin = await logInAsDemo(campus.api.origin, 'admin');
    const learnerSocket = await openSessionSocket(campus.api.origin, learner);
    const adminSocket = await openSessionSocket(campus.api.origin, admin);
    sockets.push(learnerSocket, adminSocket);

    let hints = 0;
    adminSocket.on('admin.eventsCommitted', () => (hints += 1));
    // No poll during the test: what the console reads, it reads because of a hint.
    const feed = followAdminFeed(admin, adminSocket, await feedCursorNow(admin), 600_000);
    const graded = new Promise<ExamGradedPush>((resolve) => learnerSocket.once('exam.graded', resolve));
    const issued = new Promise<CertificateIssuedPush>((resolve) => learnerSocket.once('certificate.issued', resolve));
    const credentialIssued = new Promise<CredentialIssuedPush>((resolve) => learnerSocket.once('credential.issued', resolve));
    const unread: UnreadFlags[] = [];
    learnerSocket.on('unread.changed', (flags) => unread.push(flags));

    const started = await learner.xhr('POST', '/api/v1/certification-courses/line-ads-basic/exam/start/');
    expect(started.status).toBe(200);
    const id: string = started.json().examSessionId;
    const { rows } = await database.query('select questions from exam_sessions where id = $1', [id]);
    const questions: { questionId: string; choices: { choiceId: string; correct: boolean }[] }[] = rows[0].questions;
    expect(questions).toHaveLength(20);
    for (const question of questions) {
      const choiceIds = question.choices.filter((choice) => choice.correct).map((choice) => choice.choiceId);
      expect((await learner.xhr('PUT', `/api/v1/exam-sessions/${id}/answers/${question.questionId}`, { choiceIds })).status).toBe(200);
    }
    expect((await learner.xhr('POST', `/api/v1/exam-sessions/${id}/submit`, {})).status).toBe(200);

    // The learner's page gets the result itself, then the certificate, then the New badge.
    const gradedPush = await graded;
    const lastResult = (await learner.xhr('GET', '/api/v1/certification-courses/line-ads-basic/last-result')).json();
    expect(gradedPush).toEqual({ examSessionId: id, courseSlug: 'line-ads-basic', passed: true, result: lastResult });
    expect(gradedPush.result).toMatchObject({ percent: 100, correct: 20, total: 20, nextAttemptAt: null });
    const certificate = await issued;
    expect(certificate).toMatchObject({ courseSlug: 'line-ads-basic', slug: expect.any(String), certificateId: expect.any(String) });
    await waitUntil('unread.changed after both notifications', async () => unread.length > 0 && unread.at(-1)!.hasUnreadNotifications);
    // The certificate page shows the credential when it is signed, without a retry click.
    const credentialPush = await credentialIssued;
    const { rows: credentialRows } = await database.query('select id from open_badge_credentials where certificate_id = $1', [certificate.certificateId]);
    expect(credentialPush).toEqual({ credentialId: credentialRows[0].id, certificateId: certificate.certificateId });

    // The exam's whole causal chain: its stream, and what each reaction appended in turn.
    const chainIds = async () =>
      (
        await database.query<{ id: string; type: string; seq: string }>(
          `with recursive chain as (
             select id, type, seq from events where stream_id = $1
             union
             select e.id, e.type, e.seq from events e join chain c on e.meta->>'causationId' = c.id::text)
           select id, type, seq from chain`,
          [id],
        )
      ).rows;
    const chain = await waitUntil('both notifications and the credential in the chain', async () => {
      const events = await chainIds();
      return events.filter((event) => event.type === 'NotificationCreated').length === 2 && events.some((event) => event.type === 'OpenBadgeCredentialIssued') && events;
    });
    expect(chain).toHaveLength(28);

    // Every one of them reached the admins' live feed exactly once, read on the hints; events committed together come together.
    const chainSeqs = new Set(chain.map((event) => Number(event.seq)));
    const streamed = () => feed.received.filter((event) => chainSeqs.has(event.seq));
    await waitUntil('the admin feed to show the whole chain', async () => new Set(streamed().map((event) => event.seq)).size === chainSeqs.size);
    await feed.finish();
    expect(streamed()).toHaveLength(chainSeqs.size);
    const gradedAt = streamed().findIndex((event) => event.type === 'ExamGraded' && event.streamId === id);
    expect(streamed()[gradedAt + 1]?.type).toBe('BadgeAwarded');

    // Jobs: only the durable work of the chain. Before pushes left the queue, this exam made 32 jobs,
    // 27 of them only to push admin.event (one per event) and more for user/unread pushes.
    const chainEventIds = new Set(chain.map((event) => event.id));
    const queue = campus.worker!.get(JobQueue).queue;
    const jobs = (await queue.getJobs(['completed', 'waiting', 'active', 'delayed', 'failed'], 0, -1)).filter((job) => chainEventIds.has(String(job.id).split('@')[1] ?? ''));
    const names = jobs.map((job) => job.name).sort();
    console.log(`one 20-question exam: ${chain.length} events → ${jobs.length} BullMQ jobs (${names.join(', ')}); ${hints} admin hints so far in this test`);
    expect(names).toEqual([
      'finalise-exam-when-deadline-passed',
      'grade-exam-when-exam-submitted',
      'issue-certificate-when-badge-awarded',
      'issue-credential-when-certificate-issued',
      'mail-learner-when-certificate-issued',
      'notify-learner-when-graded-or-certified',
      'notify-learner-when-graded-or-certified',
    ]);
  });
});
