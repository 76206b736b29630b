import type { FrozenQuestion } from '../src/modules/certification/certification.schema';
import { type Answers, questionOutcomes } from '../src/modules/certification/domain/exam-session';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Job } from 'bullmq';
import { Client } from 'pg';
import type { AdminEventPage, AdminEventView } from '../src/contracts/admin-events';
import type { ExamAnalytics } from '../src/contracts/exam-analytics';
import type { LegacyBadgeImport, LegacyBadgeImportList, LegacyBadgeImportSummary } from '../src/contracts/legacy-badge-imports';
import type { FailedJobPage, QueueHealth } from '../src/contracts/queue-health';
import { JobQueue } from '../src/jobs/job-queue';
import { BrowserLikeClient } from './support/browser-like-client';
import { startCampus } from './support/campus-harness';
import { type CampusSocket, openSessionSocket } from './support/campus-socket';
import { importDemoPack } from './support/demo-content';
import { logInAsDemo } from './support/dev-idp-login';
import { waitFor } from './support/wait-for';

const PROBE_TYPE = 'AdminConsoleProbe';

/** Every route of this spec, with a path that would otherwise be accepted. */
const ROUTES: [method: string, path: string][] = [
  ['GET', '/api/v1/admin/events'],
  ['GET', '/api/v1/admin/events/types'],
  ['GET', '/api/v1/admin/events/feed?after=0.0'],
  ['GET', '/api/v1/admin/queues'],
  ['GET', '/api/v1/admin/queues/campus/failed'],
  ['POST', '/api/v1/admin/queues/campus/failed/some-job/retry'],
  ['POST', '/api/v1/admin/queues/campus/failed/retry'],
  ['POST', '/api/v1/admin/queues/campus/schedules/remind-learners-when-badge-expiring/run'],
  ['GET', '/api/v1/admin/analytics/exams'],
  ['POST', '/api/v1/admin/legacy-badge-imports'],
  ['GET', '/api/v1/admin/legacy-badge-imports'],
  ['GET', `/api/v1/admin/legacy-badge-imports/${randomUUID()}`],
];

describe('admin console: event history, queue health, exam analytics and legacy CSV imports', () => {
  const mediaDir = mkdtempSync(path.join(tmpdir(), 'campus-media-'));
  let campus: Awaited<ReturnType<typeof startCampus>>;
  let database: Client;
  let learner: BrowserLikeClient;
  let admin: BrowserLikeClient;
  let visitor: BrowserLikeClient;
  let adminSocket: CampusSocket;
  let learnerId: string;

  const get = <T>(address: string): Promise<T> => admin.xhr('GET', address).then((reply) => {
    if (reply.status !== 200) throw new Error(`${address} answered ${reply.status}: ${reply.text.slice(0, 300)}`);
    return reply.json<T>();
  });

  beforeAll(async () => {
    campus = await startCampus({ mediaDir, worker: true });
    await importDemoPack(campus.database.url, mediaDir);
    database = new Client({ connectionString: campus.database.url });
    await database.connect();
    learner = await logInAsDemo(campus.api.origin, 'learner');
    admin = await logInAsDemo(campus.api.origin, 'admin');
    visitor = new BrowserLikeClient(campus.api.origin);
    learnerId = (await database.query(`select id from users where subject = 'demo-learner'`)).rows[0].id;
    adminSocket = await openSessionSocket(campus.api.origin, admin);
  });
  afterAll(async () => {
    adminSocket?.disconnect();
    await database?.end();
    await campus?.stop();
    rmSync(mediaDir, { recursive: true, force: true });
    rmSync(`${mediaDir}-certificates`, { recursive: true, force: true });
  });

  it.each(ROUTES)('%s %s: a visitor gets 401 and a learner 403', async (method, address) => {
    const body = method === 'POST' ? {} : undefined;
    expect((await visitor.xhr(method, address, body)).json()).toMatchObject({ status: 401, code: 'LOGIN_REQUIRED' });
    expect((await learner.xhr(method, address, body)).json()).toMatchObject({ status: 403, code: 'FORBIDDEN' });
  });

  describe('event history', () => {
    /** Seqs of the probes that concern the demo learner (as actor or as named in the data), by construction. */
    const learnerProbeSeqs: number[] = [];
    /** The notification an admin's message made for the learner: the admin is its actor, the learner its concern. */
    let messageNotificationSeq: number;
    /** The message itself, and a probe the admin caused about themselves: the admin's, never the learner's. */
    let messageSentSeq: number;
    let adminSelfSeq: number;
    let adminId: string;

    /** Probes of every shape the learner filter tells apart, appended as the event store would. */
    beforeAll(async () => {
      const other = randomUUID();
      const shapes = [
        { streamType: 'probe', data: { n: 0 }, actorId: learnerId },
        { streamType: 'probe', data: { userId: learnerId }, actorId: null },
        { streamType: 'probe', data: { userId: other }, actorId: null },
        { streamType: 'probe', data: { n: 3 }, actorId: null },
      ];
      const appendProbe = async (type: string, data: object, actorId: string | null) => {
        const { rows } = await database.query(
          `insert into events (id, stream_type, stream_id, version, type, data, meta)
           values ($1, 'probe', $2, 1, $3, $4, $5) returning seq`,
          [randomUUID(), randomUUID(), type, data, { actorId, requestId: null, correlationId: 'probe', causationId: null }],
        );
        return Number(rows[0].seq);
      };
      for (let index = 0; index < 24; index += 1) {
        const shape = shapes[index % shapes.length]!;
        const seq = await appendProbe(PROBE_TYPE, { ...shape.data, index }, shape.actorId);
        if (index % shapes.length < 2) learnerProbeSeqs.push(seq);
      }

      adminId = (await database.query(`select id from users where subject = 'demo-admin'`)).rows[0].id;
      adminSelfSeq = await appendProbe('AdminConsoleSelfProbe', { userId: adminId }, adminId);
      const sent = await admin.xhr('POST', '/api/v1/admin/notifications', { title: '履歴の確認', body: '本文', target: { kind: 'user', email: 'learner@example.com' } });
      const { messageId } = sent.json<{ messageId: string }>();
      messageSentSeq = Number((await database.query(`select seq from events where stream_id = $1`, [messageId])).rows[0].seq);
      messageNotificationSeq = await waitFor('the message to reach the learner', async () => {
        const { rows } = await database.query(
          `select n.seq from events n join events m on m.id::text = n.data->>'sourceEventId' where n.type = 'NotificationCreated' and m.stream_id = $1`,
          [messageId],
        );
        return rows[0] ? Number(rows[0].seq) : null;
      });
    });

    const pageThrough = async (query: string, firstBefore: number | null = null) => {
      const seen: AdminEventView[] = [];
      let before = firstBefore;
      let pages = 0;
      do {
        const page: AdminEventPage = await get(`/api/v1/admin/events?${query}${before === null ? '' : `&before=${before}`}`);
        seen.push(...page.items);
        before = page.nextBefore;
        pages += 1;
      } while (before !== null && pages < 100);
      return { seen, pages };
    };

    it('pages newest first through the probes with the cursor, with no repeat and no gap', async () => {
      const { rows } = await database.query(`select seq from events where type = $1 order by seq desc`, [PROBE_TYPE]);
      const { seen, pages } = await pageThrough(`type=${PROBE_TYPE}&limit=10`);
      expect(pages).toBe(3);
      expect(seen.map((event) => event.seq)).toEqual(rows.map((row) => Number(row.seq)));
      expect(seen[0]).toMatchObject({ type: PROBE_TYPE, streamType: 'probe', data: { index: 23 }, occurredAt: expect.any(String) });
      const exactlyOnePage: AdminEventPage = await get(`/api/v1/admin/events?type=${PROBE_TYPE}&limit=24`);
      expect(exactlyOnePage).toMatchObject({ nextBefore: null });
      expect(exactlyOnePage.items).toHaveLength(24);
    });

    it('pages through the whole log, older than a cursor, the same as the table holds it', async () => {
      const { rows } = await database.query(`select seq from events order by seq desc`);
      const newest = Number(rows[0].seq);
      const { seen } = await pageThrough('limit=7', newest + 1);
      // New events may be appended meanwhile; they are newer than the first cursor and never show up.
      expect(seen.map((event) => event.seq)).toEqual(rows.map((row) => Number(row.seq)));
    });

    it('filters by learner: as named in the data, else as actor, else as the user stream', async () => {
      const { rows: ownStream } = await database.query(`select seq from events where stream_type = 'user' and stream_id = $1`, [learnerId]);
      const expected = [...ownStream.map((row) => Number(row.seq)), ...learnerProbeSeqs, messageNotificationSeq].sort((left, right) => right - left);
      const page: AdminEventPage = await get(`/api/v1/admin/events?userId=${learnerId}&limit=200`);
      expect(page.items.map((event) => event.seq)).toEqual(expected);
      expect(page.items.every((event) => event.userId === learnerId)).toBe(true);
      expect(page.items.find((event) => event.seq === messageNotificationSeq)).toMatchObject({ type: 'NotificationCreated', actorId: adminId, userId: learnerId });
      expect(page.items.map((event) => event.type)).toContain('AgreementAccepted');

      const admins: AdminEventPage = await get(`/api/v1/admin/events?userId=${adminId}&limit=200`);
      const adminSeqs = admins.items.map((event) => event.seq);
      expect(adminSeqs).toEqual(expect.arrayContaining([adminSelfSeq, messageSentSeq]));
      expect(adminSeqs).not.toContain(messageNotificationSeq);

      const both: AdminEventPage = await get(`/api/v1/admin/events?userId=${learnerId.toUpperCase()}&type=${PROBE_TYPE}&limit=5`);
      expect(both.items.map((event) => event.data)).toEqual(
        [21, 20, 17, 16, 13].map((index) => (index % 4 === 0 ? { n: 0, index } : { userId: learnerId, index })),
      );
      expect(both.nextBefore).toBe(both.items[4]!.seq);
      expect(await get(`/api/v1/admin/events?userId=${randomUUID()}`)).toEqual({ items: [], nextBefore: null, feedCursor: expect.stringMatching(/^\d+\.0$/) });
    });

    it('lists the types that occurred, sorted, once each', async () => {
      const { types } = await get<{ types: string[] }>('/api/v1/admin/events/types');
      const { rows } = await database.query(`select distinct type from events`);
      expect([...types].sort()).toEqual(rows.map((row) => row.type).sort());
      expect(types).toEqual([...types].sort((left, right) => (left < right ? -1 : left > right ? 1 : 0)));
      expect(types).toEqual(expect.arrayContaining([PROBE_TYPE, 'AgreementAccepted']));
    });

    it.each([
      ['before=0', 'before'],
      ['before=abc', 'before'],
      ['before=1.5', 'before'],
      ['limit=0', 'limit'],
      ['limit=201', 'limit'],
      ['limit=ten', 'limit'],
      ['type=Exam%20Graded', 'type'],
      ['type=Exam%27--', 'type'],
      ['userId=not-a-uuid', 'userId'],
    ])('answers 400 naming the field for ?%s', async (query, field) => {
      const reply = await admin.xhr('GET', `/api/v1/admin/events?${query}`);
      expect(reply.status).toBe(400);
      expect(reply.json()).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', field, message: expect.stringContaining(field) });
    });
  });

  describe('queue health', () => {
    let queue: JobQueue['queue'];
    /** A job whose data its handler cannot read: it fails at its only attempt. */
    const failingJob = async () => {
      const jobId = `admin-console-probe-${randomUUID()}`;
      await queue.add('notify-learner-when-graded-or-certified', { broken: true }, { jobId, attempts: 1 });
      return waitFor(`${jobId} to fail`, async () => {
        const job = await queue.getJob(jobId);
        return (await job?.getState()) === 'failed' ? job : null;
      });
    };
    /** What the outbox would have delivered: the handler can read it now. */
    const mend = (job: Job) =>
      job.updateData({
        seq: 1,
        id: randomUUID(),
        streamType: 'probe',
        streamId: 'mended',
        version: 1,
        type: PROBE_TYPE,
        data: {},
        meta: { actorId: null, requestId: null, correlationId: 'probe', causationId: null },
        occurredAt: new Date().toISOString(),
      });
    const completed = (job: Job) => waitFor(`${job.id} to complete`, async () => (await job.getState()) === 'completed');

    beforeAll(() => {
      queue = campus.worker!.get(JobQueue).queue;
    });

    it('shows the queue with its counts and the connected worker', async () => {
      const health: QueueHealth = await get('/api/v1/admin/queues');
      expect(health.queues).toEqual([
        {
          name: 'campus',
          isPaused: false,
          workerCount: expect.any(Number),
          counts: { waiting: expect.any(Number), active: expect.any(Number), delayed: expect.any(Number), completed: expect.any(Number), failed: 0, paused: 0 },
          schedules: expect.any(Array),
        },
      ]);
      // The worker's schedulers, the next run first: the daily reminder in Tokyo time, the reconciler every 5 s.
      const schedules = health.queues[0]!.schedules;
      expect(schedules).toEqual(
        expect.arrayContaining([
          { name: 'remind-learners-when-badge-expiring', pattern: '0 9 * * *', timeZone: 'Asia/Tokyo', everyMs: null, nextRunAt: expect.any(String) },
          { name: 'reconcile-outstanding-work', pattern: null, timeZone: null, everyMs: 5000, nextRunAt: expect.any(String) },
        ]),
      );
      const nextRuns = schedules.map((schedule) => Date.parse(schedule.nextRunAt!));
      expect(nextRuns).toEqual([...nextRuns].sort((a, b) => a - b));
      expect(health.queues[0]!.workerCount).toBeGreaterThanOrEqual(1);
      expect(health.queues[0]!.counts.completed).toBeGreaterThan(0);
    });

    it('counts events the relay has not handed over yet', async () => {
      // The relay skips rows someone holds: unmark three, hold them, and the backlog stays put while we look.
      const holder = new Client({ connectionString: campus.database.url });
      await holder.connect();
      try {
        const seen = await waitFor('a held backlog of three events', async () => {
          const { rows } = await database.query(`update events set relayed_at = null where seq in (select seq from events order by seq limit 3) returning seq`);
          await holder.query('begin');
          const held = await holder.query(`select seq from events where seq = any($1) and relayed_at is null for update`, [rows.map((row) => row.seq)]);
          if (held.rowCount !== 3) {
            // The relay was quicker this time: let go and try again.
            await holder.query('rollback');
            return null;
          }
          return (await get<QueueHealth>('/api/v1/admin/queues')).unrelayedEvents;
        });
        expect(seen).toBeGreaterThanOrEqual(3);
        await holder.query('commit');
        // Let go, the relay hands them over again; their jobIds make the repeat a no-op.
        await waitFor('the backlog to drain', async () => (await get<QueueHealth>('/api/v1/admin/queues')).unrelayedEvents === 0);
      } finally {
        await holder.end();
      }
    });

    it('lists a failed job, newest first, and retries it out of the failed set once its cause is mended', async () => {
      const older = await failingJob();
      const job = await failingJob();
      const health: QueueHealth = await get('/api/v1/admin/queues');
      expect(health.queues[0]!.counts.failed).toBe(2);

      const page: FailedJobPage = await get('/api/v1/admin/queues/campus/failed?limit=1');
      expect(page).toMatchObject({ total: 2, limit: 1, offset: 0 });
      expect(page.items).toEqual([
        {
          jobId: job.id,
          name: 'notify-learner-when-graded-or-certified',
          failedReason: expect.stringContaining('correlationId'),
          attemptsMade: 1,
          createdAt: new Date(job.timestamp).toISOString(),
          failedAt: expect.any(String),
          dataPreview: '{"broken":true}',
        },
      ]);
      expect((await get<FailedJobPage>('/api/v1/admin/queues/campus/failed?limit=1&offset=1')).items.map((item) => item.jobId)).toEqual([older.id]);

      await mend(job);
      const retried = await admin.xhr('POST', `/api/v1/admin/queues/campus/failed/${encodeURIComponent(job.id!)}/retry`);
      expect(retried.status).toBe(200);
      expect(retried.json()).toEqual({ retriedCount: 1 });
      await completed(job);
      expect((await get<QueueHealth>('/api/v1/admin/queues')).queues[0]!.counts.failed).toBe(1);
      expect((await get<FailedJobPage>('/api/v1/admin/queues/campus/failed')).items.map((item) => item.jobId)).toEqual([older.id]);
      // No longer failed: nothing to retry.
      expect((await admin.xhr('POST', `/api/v1/admin/queues/campus/failed/${encodeURIComponent(job.id!)}/retry`)).json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    });

    it('retries every failed job at once', async () => {
      const more = await failingJob();
      const failed = await queue.getFailed(0, -1);
      expect(failed.map((job) => job.id)).toContain(more.id);
      await Promise.all(failed.map(mend));
      const retried = await admin.xhr('POST', '/api/v1/admin/queues/campus/failed/retry');
      expect(retried.json()).toEqual({ retriedCount: failed.length });
      await Promise.all(failed.map(completed));
      expect((await get<QueueHealth>('/api/v1/admin/queues')).queues[0]!.counts.failed).toBe(0);
      expect(await admin.xhr('POST', '/api/v1/admin/queues/campus/failed/retry').then((reply) => reply.json())).toEqual({ retriedCount: 0 });
    });

    it('runs a scheduled job once now, leaving its schedule as it was', async () => {
      const before = (await get<QueueHealth>('/api/v1/admin/queues')).queues[0]!.schedules.find((schedule) => schedule.name === 'remind-learners-when-badge-expiring')!;
      const started = await admin.xhr('POST', '/api/v1/admin/queues/campus/schedules/remind-learners-when-badge-expiring/run');
      expect(started.status).toBe(200);
      const { jobId } = started.json<{ jobId: string }>();
      expect(jobId).toMatch(/^remind-learners-when-badge-expiring@manual@\d+$/);
      const job = (await queue.getJob(jobId))!;
      expect(job.name).toBe('remind-learners-when-badge-expiring');
      await completed(job);
      const after = (await get<QueueHealth>('/api/v1/admin/queues')).queues[0]!.schedules.find((schedule) => schedule.name === 'remind-learners-when-badge-expiring');
      expect(after).toEqual(before);
    });

    it.each([
      ['POST', '/api/v1/admin/queues/campus/schedules/no-such-job/run'],
      ['POST', `/api/v1/admin/queues/campus/schedules/${'x'.repeat(300)}/run`],
      ['POST', '/api/v1/admin/queues/campus/schedules/%E3%81%82%0D%0A/run'],
      ['POST', '/api/v1/admin/queues/other/schedules/remind-learners-when-badge-expiring/run'],
      ['GET', '/api/v1/admin/queues/other/failed'],
      ['POST', '/api/v1/admin/queues/other/failed/retry'],
      ['POST', '/api/v1/admin/queues/other/failed/some-job/retry'],
      ['POST', '/api/v1/admin/queues/campus/failed/no-such-job/retry'],
    ])('%s %s: 404 NOT_FOUND', async (method, address) => {
      expect((await admin.xhr(method, address)).json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    });

    it.each([
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['offset=-1', 'offset'],
      ['offset=x', 'offset'],
    ])('answers 400 naming the field for ?%s', async (query, field) => {
      expect((await admin.xhr('GET', `/api/v1/admin/queues/campus/failed?${query}`)).json()).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', field });
    });
  });

  describe('exam analytics', () => {
    const QUESTIONS = [
      // Topics by the course's slugs: the answer names them as the course's exam does.
      { questionId: 'p1', topic: 'targeting', type: 'single', prompt: 'ターゲティングの問題', choices: [{ choiceId: 'c1', text: 'A', correct: true }, { choiceId: 'c2', text: 'B', correct: false }] },
      { questionId: 'p2', topic: 'bidding', type: 'multiple', prompt: '入札の問題', choices: [{ choiceId: 'c1', text: 'A', correct: true }, { choiceId: 'c2', text: 'B', correct: true }, { choiceId: 'c3', text: 'C', correct: false }] },
    ];

    beforeAll(async () => {
      const graded = [
        // Tokyo 2025-06-01 (a Sunday), both right, passed.
        ['2025-06-01T10:00:00+09:00', { p1: ['c1'], p2: ['c2', 'c1'] }, true],
        // Tokyo 2025-06-02 00:10 (the Monday after, still Sunday in UTC): p1 right, p2 incomplete.
        ['2025-06-02T00:10:00+09:00', { p1: ['c1'], p2: ['c1'] }, false],
        // Tokyo 2025-06-03: nothing answered.
        ['2025-06-03T12:00:00+09:00', {}, false],
      ] as const;
      for (const [startedAt, answers, passed] of graded) {
        const id = randomUUID();
        await database.query(
          `insert into exam_sessions (id, user_id, course_id, status, questions, answers, started_at, deadline, finished_at, passed, stream_version)
           select $1::uuid, $2::uuid, id, 'graded', $3::jsonb, $4::jsonb, $5::timestamptz, $5::timestamptz + interval '1 hour', $5::timestamptz + interval '30 minutes', $6::boolean, 3
             from courses where kind = 'certification' and slug = 'line-ads-basic'`,
          [id, learnerId, JSON.stringify(QUESTIONS), answers, startedAt, passed],
        );
        // What grading writes beside the grade: each question's outcome, by its own rule.
        for (const outcome of questionOutcomes(QUESTIONS as unknown as FrozenQuestion[], answers as Answers)) {
          await database.query(
            `insert into exam_question_outcomes (exam_session_id, question_id, course_id, topic, prompt, correct, started_at)
             select $1::uuid, $2, course_id, $3, $4, $5, started_at from exam_sessions where id = $1::uuid`,
            [id, outcome.questionId, outcome.topic, outcome.prompt, outcome.correct],
          );
        }
      }
      await database.query(
        `insert into course_feedback (user_id, course_id, popup_type, score, received_at)
         select $1::uuid, id, p.popup_type, p.score, '2025-06-02T12:00:00+09:00'::timestamptz from courses,
                (values ('COURSE_COMPLETED_FIRST_TIME', 5), ('COURSE_COMPLETED_GENERAL', 2)) as p(popup_type, score)
          where kind = 'certification' and slug = 'line-ads-basic'`,
        [learnerId],
      );
    });

    it('counts attempts and pass rates per Tokyo day, and rates topics and questions', async () => {
      const result: ExamAnalytics = await get('/api/v1/admin/analytics/exams?from=2025-06-01&to=2025-06-04&courseSlug=line-ads-basic');
      expect(result).toMatchObject({ from: '2025-06-01', to: '2025-06-04', granularity: 'day' });
      expect(result.courses).toEqual([
        {
          courseSlug: 'line-ads-basic',
          title: expect.any(String),
          attempts: 3,
          passed: 1,
          passRate: 1 / 3,
          series: [
            { period: '2025-06-01', attempts: 1, passed: 1, passRate: 1 },
            { period: '2025-06-02', attempts: 1, passed: 0, passRate: 0 },
            { period: '2025-06-03', attempts: 1, passed: 0, passRate: 0 },
            { period: '2025-06-04', attempts: 0, passed: 0, passRate: null },
          ],
        },
      ]);
      expect(result.topics).toEqual([
        { courseSlug: 'line-ads-basic', topic: 'bidding', topicName: '入札', answered: 3, correctRate: 1 / 3 },
        { courseSlug: 'line-ads-basic', topic: 'targeting', topicName: 'ターゲティング', answered: 3, correctRate: 2 / 3 },
      ]);
      expect(result.questions.map((question) => [question.questionId, question.topicName, question.prompt, question.correctRate])).toEqual([
        ['p2', '入札', '入札の問題', 1 / 3],
        ['p1', 'ターゲティング', 'ターゲティングの問題', 2 / 3],
      ]);
      expect(result.reviews).toEqual([{ courseSlug: 'line-ads-basic', title: result.courses[0]!.title, reviewCount: 2, averageScore: 3.5 }]);
    });

    it('groups by ISO week starting Monday and lists every certification course by default', async () => {
      const result: ExamAnalytics = await get('/api/v1/admin/analytics/exams?from=2025-05-26&to=2025-06-08&granularity=week');
      const { rows } = await database.query(`select slug from courses where kind = 'certification' order by position`);
      expect(result.courses.map((course) => course.courseSlug)).toEqual(rows.map((row) => row.slug));
      expect(result.courses.find((course) => course.courseSlug === 'line-ads-basic')!.series).toEqual([
        { period: '2025-05-26', attempts: 1, passed: 1, passRate: 1 },
        { period: '2025-06-02', attempts: 2, passed: 0, passRate: 0 },
      ]);
      expect(result.courses.find((course) => course.courseSlug !== 'line-ads-basic')).toMatchObject({ attempts: 0, passRate: null });
    });

    it('defaults to the last 30 days, with every day present', async () => {
      const result: ExamAnalytics = await get('/api/v1/admin/analytics/exams');
      expect(result.courses[0]!.series).toHaveLength(30);
      expect(result.courses[0]!.series.at(-1)!.period).toBe(result.to);
    });

    it.each([
      ['from=2025-02-30', 'from'],
      ['from=2025-06-02&to=2025-06-01', 'from'],
      ['from=2024-01-01&to=2025-01-01', 'from'],
      ['from=yesterday', 'from'],
      ['to=2025-6-1', 'to'],
      ['granularity=month', 'granularity'],
      ['courseSlug=line-ads-expert', 'courseSlug'],
    ])('answers 400 naming the field for ?%s', async (query, field) => {
      const reply = await admin.xhr('GET', `/api/v1/admin/analytics/exams?${query}`);
      expect(reply.status).toBe(400);
      expect(reply.json()).toMatchObject({ code: 'VALIDATION_FAILED', field });
    });
  });

  describe('legacy badge CSV import over HTTP', () => {
    const CSV = ['email,course_slug,passed_at', 'Admin.Console@Example.com,line-ads-basic,2025-06-01', 'not-an-email,line-ads-basic,2025-06-01', 'second@example.com,yahoo-ads-searchads-basic,2025-01-10'].join('\n');

    it('imports in the worker, tells the admins how it goes, and keeps the refused row with its line', async () => {
      const progress: LegacyBadgeImportSummary[] = [];
      adminSocket.on('admin.importProgress', (view) => progress.push(view));
      const started = await admin.xhr('POST', '/api/v1/admin/legacy-badge-imports', { fileName: 'cloud-campus-2025.csv', csv: CSV });
      expect(started.status).toBe(201);
      const queued: LegacyBadgeImport = started.json();
      expect(queued).toMatchObject({ fileName: 'cloud-campus-2025.csv', status: 'queued', finishedAt: null, rejectedRows: [] });

      const done = await waitFor('the import to be done', async () => progress.find((view) => view.importId === queued.importId && view.status === 'done'));
      expect(progress.filter((view) => view.importId === queued.importId).map((view) => view.status)).toEqual(expect.arrayContaining(['running', 'done']));
      const counts = { importId: queued.importId, status: 'done', totalRows: 3, processedRows: 3, importedCount: 2, unchangedCount: 0, finishedAt: expect.any(String) };
      // The push counts the refused rows; the import itself lists them.
      expect(done).toEqual({ ...counts, fileName: 'cloud-campus-2025.csv', requestedAt: queued.requestedAt, rejectedCount: 1 });
      expect(await get(`/api/v1/admin/legacy-badge-imports/${queued.importId}`)).toEqual({
        ...queued,
        ...counts,
        rejectedRows: [{ line: 3, reason: expect.stringContaining('メールアドレス「not-an-email」') }],
      });
      // The file held personal data: it is not kept once imported.
      expect((await database.query(`select csv from legacy_badge_imports where id = $1`, [queued.importId])).rows).toEqual([{ csv: '' }]);

      const { rows } = await database.query(`select email, course_slug from legacy_badges where email in ('admin.console@example.com', 'second@example.com') order by email`);
      expect(rows).toEqual([
        { email: 'admin.console@example.com', course_slug: 'line-ads-basic' },
        { email: 'second@example.com', course_slug: 'yahoo-ads-searchads-basic' },
      ]);
      const requested: AdminEventPage = await get('/api/v1/admin/events?type=LegacyBadgeImportRequested');
      expect(requested.items.map((event) => event.data)).toEqual([{ importId: queued.importId, fileName: 'cloud-campus-2025.csv', requestedBy: expect.any(String) }]);
    });

    it('lists the latest imports without their refused rows, newest first', async () => {
      const again = await admin.xhr('POST', '/api/v1/admin/legacy-badge-imports', { fileName: 'again.csv', csv: CSV });
      const againId = again.json<LegacyBadgeImport>().importId;
      await waitFor('the second import to end', async () => (await get<LegacyBadgeImport>(`/api/v1/admin/legacy-badge-imports/${againId}`)).status === 'done');
      const { items }: LegacyBadgeImportList = await get('/api/v1/admin/legacy-badge-imports');
      expect(items.map((item) => [item.fileName, item.importedCount, item.unchangedCount, item.rejectedCount])).toEqual([
        ['again.csv', 0, 2, 1],
        ['cloud-campus-2025.csv', 2, 0, 1],
      ]);
      expect(items[0]).not.toHaveProperty('rejectedRows');
      expect(items[0]).not.toHaveProperty('csv');
    });

    it('fails a file with nothing to import, saying why', async () => {
      const started = await admin.xhr('POST', '/api/v1/admin/legacy-badge-imports', { fileName: 'header-only.csv', csv: 'email,course_slug,passed_at\n' });
      const importId = started.json<LegacyBadgeImport>().importId;
      const failed = await waitFor('the import to fail', async () => {
        const view = await get<LegacyBadgeImport>(`/api/v1/admin/legacy-badge-imports/${importId}`);
        return view.status === 'failed' ? view : null;
      });
      expect(failed.rejectedRows).toEqual([{ line: 0, reason: expect.stringContaining('取り込める行がありません') }]);
    });

    it.each([
      ['an empty csv', { fileName: 'a.csv', csv: '' }, 'csv'],
      ['no csv', { fileName: 'a.csv' }, 'csv'],
      ['a csv that is not text', { fileName: 'a.csv', csv: 42 }, 'csv'],
      ['no fileName', { csv: CSV }, 'fileName'],
      ['a blank fileName', { fileName: '   ', csv: CSV }, 'fileName'],
      ['an unknown key', { fileName: 'a.csv', csv: CSV, extra: true }, 'extra'],
      ['a csv over 800,000 characters', { fileName: 'a.csv', csv: 'a'.repeat(800_001) }, 'csv'],
    ])('answers 400 naming the field for %s', async (_, body, field) => {
      const reply = await admin.xhr('POST', '/api/v1/admin/legacy-badge-imports', body);
      expect(reply.status).toBe(400);
      expect(reply.json()).toMatchObject({ code: 'VALIDATION_FAILED', field });
    });

    it('answers 413 for a body over the 1 MB limit, before reading the CSV', async () => {
      const reply = await admin.xhr('POST', '/api/v1/admin/legacy-badge-imports', { fileName: 'a.csv', csv: 'a'.repeat(1_100_000) });
      expect(reply.status).toBe(413);
      expect(reply.json()).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE' });
    });

    it.each([randomUUID(), 'not-a-uuid', "1'or'1'='1"])('answers 404 for the import %s', async (importId) => {
      expect((await admin.xhr('GET', `/api/v1/admin/legacy-badge-imports/${encodeURIComponent(importId)}`)).json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    });
  });
});
