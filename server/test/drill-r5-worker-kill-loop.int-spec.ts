import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { CAMPUS_QUEUE } from '../src/jobs/job-queue';
import { createTestDatabase } from './support/campus-harness';
import { type DrillCampus, type DrillLearner, sleep, startDrillCampus, waitUntil } from './support/drill-campus';
import { type PrivateRedis, startPrivateRedis } from './support/private-services';
import { openSessionSocket } from './support/campus-socket';
import { feedCursorNow, followAdminFeed } from './support/admin-feed';
import { startSmtpInbox } from './support/smtp-inbox';

const SLUG = 'line-ads-basic';
const SUBMITS = 60;
const KILLS = 6;

/**
 * Drill R5 (issue 19): the worker process is SIGKILLed again and again, 1–2 s after each start,
 * while learners submit. Every submit must be graded exactly once, with one certificate and one
 * notification per fact, one certificate mail per pass (issue 36: a real SMTP server counts them), and
 * no job left failed. Redis is private to this spec; PostgreSQL is a fresh database of its own (it is not
 * stopped here).
 */
describe('drill R5: worker killed in a loop under load', () => {
  let redis: PrivateRedis;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let campus: DrillCampus;
  let queue: Queue;
  let queueConnection: Redis;
  let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;

  beforeAll(async () => {
    [redis, database, inbox] = await Promise.all([startPrivateRedis(), createTestDatabase(), startSmtpInbox()]);
    campus = await startDrillCampus({ databaseUrl: database.url, redisUrl: redis.url, workerEnv: { SMTP_URL: inbox.url } });
    queueConnection = new Redis(redis.url, { maxRetriesPerRequest: null });
    queue = new Queue(CAMPUS_QUEUE, { connection: queueConnection, prefix: `${campus.config.redis.prefix}:bull` });
  }, 180_000);

  afterAll(async () => {
    await queue?.close();
    queueConnection?.disconnect();
    await campus?.stop();
    await redis?.stop();
    await database?.drop();
    await inbox?.stop();
  });

  const perKey = async (query: string, params: unknown[]) => (await campus.database.query(query, params)).rows.map((row) => row.n as number);

  it('grades every submit exactly once, with one certificate, one notification each and one certificate mail, however often the worker dies', async () => {
    const learners = await campus.learners(SUBMITS, 'r5-');
    const exams = new Map<DrillLearner, Awaited<ReturnType<DrillCampus['startExam']>>>();
    for (const learner of learners) exams.set(learner, await campus.startExam(learner, SLUG));
    const ids = [...exams.values()].map((exam) => exam.examSessionId);
    // An admin console follows the live stream throughout, as the client's machine does: on each hint, and every 5 s.
    const [admin] = await campus.learners(1, 'r5-admin-');
    await campus.database.query(`update users set role = 'admin' where id = $1`, [admin!.id]);
    const adminSocket = await openSessionSocket(campus.config.publicOrigin, admin!.client);
    const startCursor = await feedCursorNow(admin!.client);
    const adminConsole = followAdminFeed(admin!.client, adminSocket, startCursor, 5_000);
    const userIds = learners.map((learner) => learner.id);

    // Each round: a batch of learners submits while the worker is down (the first round: while it
    // runs), a worker starts on that backlog and is killed as soon as it has graded one of them (at
    // most 2 s after its start), so that it dies with work in its hands.
    const batch = Math.ceil(SUBMITS / KILLS);
    const acknowledged: string[] = [];
    const interrupted: number[] = [];
    const lifetimes: number[] = [];
    const gradedCount = async () => (await perKey(`select count(*)::int as n from exam_sessions where id = any($1) and status = 'graded'`, [ids]))[0]!;
    const startedAt = Date.now();
    for (let round = 0; round < KILLS; round += 1) {
      const replies = await Promise.all(
        learners.slice(round * batch, (round + 1) * batch).map(async (learner) => {
          const { examSessionId, right } = exams.get(learner)!;
          const reply = await learner.client.xhr('POST', `/api/v1/exam-sessions/${examSessionId}/submit`, { answers: right });
          if (reply.status === 200) acknowledged.push(examSessionId);
          return reply.status;
        }),
      );
      expect(replies.every((status) => status === 200)).toBe(true);
      const gradedBefore = await gradedCount();
      if (round > 0) await campus.restartWorker();
      const workerStartedAt = Date.now();
      while (Date.now() - workerStartedAt < 2_000 && (await gradedCount()) === gradedBefore) await sleep(10);
      await campus.worker.kill('SIGKILL');
      lifetimes.push(Date.now() - workerStartedAt);
      // Jobs the dead worker held: they wait for their locks to expire.
      interrupted.push(await queue.getActiveCount());
    }
    const gradedDuringKills = await gradedCount();
    const lastKillAt = Date.now();
    expect(acknowledged).toHaveLength(SUBMITS);
    await campus.restartWorker();

    // The next worker lives: it takes over the killed workers' jobs once their locks expire.
    const graded = async () => (await perKey(`select count(*)::int as n from exam_sessions where id = any($1) and status = 'graded'`, [ids]))[0] === SUBMITS;
    const certified = async () => (await perKey(`select count(*)::int as n from certificates where exam_session_id = any($1)`, [ids]))[0] === SUBMITS;
    const notified = async () => (await perKey(`select count(*)::int as n from notifications where user_id = any($1)`, [userIds]))[0] === 2 * SUBMITS;
    const mailed = async () => new Set(inbox.messages.map((message) => message.messageId)).size >= SUBMITS;
    await waitUntil('every submit graded, certified, notified and mailed', async () => (await graded()) && (await certified()) && (await notified()) && (await mailed()), 90_000, 250);
    const settledMs = Date.now() - lastKillAt;
    // Every event committed after the console opened, in the feed's order (read first: the worker still
    // issues digital credentials); then the console's last read, which must bring each of them once, in that order.
    const [startTransaction, startSeq] = startCursor.split('.');
    const inTable = (
      await campus.database.query(`select seq::int from events where (transaction_id, seq) > ($1::xid8, $2) order by transaction_id, seq`, [startTransaction, startSeq])
    ).rows.map((row) => row.seq as number);
    await adminConsole.finish();
    adminSocket.disconnect();
    const tabled = new Set(inTable);
    const streamed = adminConsole.received.map((event) => event.seq).filter((seq) => tabled.has(seq));
    const missing = inTable.filter((seq) => !streamed.includes(seq));

    const once = Array(SUBMITS).fill(1);
    const eventsPerSession = (type: string) =>
      perKey(`select count(*)::int as n from events where stream_id = any($1) and type = $2 group by stream_id`, [ids, type]);
    const grades = await eventsPerSession('ExamGraded');
    const certificates = await perKey(`select count(*)::int as n from certificates where exam_session_id = any($1) group by exam_session_id`, [ids]);
    const badges = await perKey(`select count(*)::int as n from badges where user_id = any($1) group by user_id`, [userIds]);
    const issued = await perKey(
      `select count(*)::int as n from events where type = 'CertificateIssued' and data->>'userId' = any($1::text[]) group by data->>'userId'`,
      [userIds],
    );
    // One notification per learner and fact (graded, certified): two each, each from its own event.
    const notifications = await perKey(`select count(*)::int as n from notifications where user_id = any($1) group by user_id`, [userIds]);
    const notificationEvents = await perKey(
      `select count(*)::int as n from events where type = 'NotificationCreated' and data->>'userId' = any($1::text[]) group by data->>'sourceEventId'`,
      [userIds],
    );
    // Mail: one per learner, and no Message-ID twice (a kill between the SMTP server's acceptance and the row's
    // `sent` would repeat a mail under the same id; counted raw as well, so the drill shows whether it happened).
    await sleep(2_000);
    const mailsPerLearner = learners.map((learner) => inbox.to(learner.email).length);
    const mailIds = inbox.messages.map((message) => message.messageId);
    const failedJobs = await queue.getFailed();
    const duplicates = [grades, certificates, badges, issued, notificationEvents].flat().filter((n) => n > 1).length + notifications.filter((n) => n > 2).length;

    console.log(
      `R5: worker SIGKILLed ${KILLS} times in ${((lastKillAt - startedAt) / 1000).toFixed(1)} s (${lifetimes.map((ms) => (ms / 1000).toFixed(2)).join('/')} s after each start) while ${SUBMITS} learners submitted; ` +
        `jobs held by a killed worker per kill ${interrupted.join('/')}; ${gradedDuringKills} graded by the last kill; all ${SUBMITS} graded, certified and notified ${(settledMs / 1000).toFixed(1)} s after it; ` +
        `grades ${grades.reduce((a, b) => a + b, 0)}, certificates ${certificates.reduce((a, b) => a + b, 0)}, notifications ${notifications.reduce((a, b) => a + b, 0)}, duplicates ${duplicates}, failed jobs ${failedJobs.length}; ` +
        `mails ${mailIds.length} (${new Set(mailIds).size} distinct Message-IDs) for ${SUBMITS} certificates; ` +
        `admin stream: ${new Set(streamed).size} of the ${inTable.length} events received, ${missing.length} missing, ${streamed.length - new Set(streamed).size} twice`,
    );

    expect(await eventsPerSession('ExamSubmitted')).toEqual(once);
    expect(grades).toEqual(once);
    expect(await eventsPerSession('BadgeAwarded')).toEqual(once);
    expect(badges).toEqual(once);
    expect(certificates).toEqual(once);
    expect(issued).toEqual(once);
    expect(notifications).toEqual(Array(SUBMITS).fill(2));
    expect(notificationEvents).toEqual(Array(2 * SUBMITS).fill(1));
    expect(duplicates).toBe(0);
    expect(new Set(mailIds).size).toBe(SUBMITS);
    expect(mailsPerLearner).toEqual(once);
    // The admin console's stream: every event once, in order, though the worker died before many of its hints.
    expect(missing).toEqual([]);
    expect(streamed).toEqual(inTable);
    // The drill did kill work in flight.
    expect(interrupted.some((n) => n > 0)).toBe(true);
    expect(failedJobs.map((job) => `${job.name}: ${job.failedReason}`)).toEqual([]);
  }, 300_000);
});
