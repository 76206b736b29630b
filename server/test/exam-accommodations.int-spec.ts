import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CommandBus } from '@nestjs/cqrs';
import { Client } from 'pg';
import { tokyoDay, addDays } from '../src/contracts/tokyo-date';
import type { AdminEventPage } from '../src/contracts/admin-events';
import { SUBMIT_GRACE_MS } from '../src/modules/certification/domain/exam-timing';
import { toStoredEvent } from '../src/database/event-row';
import { JobQueue } from '../src/jobs/job-queue';
import { FinaliseOverdueExamsCommand } from '../src/modules/certification/commands/finalise-overdue-exams/finalise-overdue-exams.command';
import { BrowserLikeClient } from './support/browser-like-client';
import { startCampus } from './support/campus-harness';
import { type CampusSocket, openSessionSocket } from './support/campus-socket';
import { importDemoPack } from './support/demo-content';
import { logInAsDemo } from './support/dev-idp-login';
import { rightAnswersOf } from './support/exam-answers';

const PROFILE = { lastName: '山田', firstName: '太郎', lastNameKana: 'ヤマダ', firstNameKana: 'タロウ', email: 'learner@example.com' };
const NOTE = '診断書の提出があったため、試験時間を1.5倍にする';
const MINUTE = 60_000;

const waitFor = async <T>(what: string, probe: () => Promise<T>, timeoutMs = 15_000): Promise<NonNullable<T>> => {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const value = await probe();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
};

describe('exam accommodations: extra time an admin grants', () => {
  const mediaDir = mkdtempSync(path.join(tmpdir(), 'campus-media-'));
  let campus: Awaited<ReturnType<typeof startCampus>>;
  let database: Client;
  let learner: BrowserLikeClient;
  let admin: BrowserLikeClient;
  let learnerId: string;
  let learnerSocket: CampusSocket;

  const accommodationOf = (userId: string) => `/api/v1/admin/exam-accommodations/${userId}`;
  const grant = (body: unknown, userId = learnerId, client = admin) => client.xhr('PUT', accommodationOf(userId), body);
  const start = (slug: string) => learner.xhr('POST', `/api/v1/certification-courses/${slug}/exam/start/`);
  const accommodationEvents = async () =>
    (await database.query(`select type from events where stream_type = 'exam-accommodation' and stream_id = $1 order by version`, [learnerId])).rows.map((row) => row.type);
  /** Time passes for the session: its start and deadline move back, as if `ms` had gone by since the start. */
  const elapse = (examSessionId: string, ms: number) =>
    database.query(`update exam_sessions set started_at = started_at - make_interval(secs => $2), deadline = deadline - make_interval(secs => $2) where id = $1`, [examSessionId, ms / 1000]);
  const statusOf = async (examSessionId: string) => (await database.query('select status from exam_sessions where id = $1', [examSessionId])).rows[0].status;
  const saveAnswer = async (examSessionId: string, questionId: string, choiceIds: string[]) =>
    learner.xhr('PUT', `/api/v1/exam-sessions/${examSessionId}/answers/${questionId}`, { choiceIds });
  const finaliseOverdue = () => campus.worker!.get(CommandBus).execute(new FinaliseOverdueExamsCommand({ actorId: null, requestId: null, correlationId: randomUUID(), causationId: null }));

  beforeAll(async () => {
    campus = await startCampus({ mediaDir, worker: true });
    await importDemoPack(campus.database.url, mediaDir);
    database = new Client({ connectionString: campus.database.url });
    await database.connect();
    learner = await logInAsDemo(campus.api.origin, 'learner');
    expect((await learner.xhr('PUT', '/api/v1/me', PROFILE)).status).toBe(200);
    admin = await logInAsDemo(campus.api.origin, 'admin');
    learnerId = (await database.query(`select id from users where subject = 'demo-learner'`)).rows[0].id;
    learnerSocket = await openSessionSocket(campus.api.origin, learner);
  });
  afterAll(async () => {
    learnerSocket.disconnect();
    await database.end();
    await campus.stop();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  it('lets only admins in, and refuses unknown learners and bad terms with the envelope naming the field', async () => {
    const visitor = new BrowserLikeClient(campus.api.origin);
    expect((await grant({ extraMinutes: 10, note: NOTE }, learnerId, visitor)).json()).toMatchObject({ status: 401, code: 'LOGIN_REQUIRED' });
    expect((await grant({ extraMinutes: 10, note: NOTE }, learnerId, learner)).json()).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect((await learner.xhr('GET', '/api/v1/admin/exam-accommodations?email=learner@example.com')).status).toBe(403);
    expect((await learner.xhr('DELETE', accommodationOf(learnerId))).status).toBe(403);

    expect((await grant({ extraMinutes: 10, note: NOTE }, '0196a3c4-0000-7000-8000-000000000001')).json()).toMatchObject({ status: 404, code: 'NOT_FOUND', message: expect.any(String) });
    expect((await grant({ extraMinutes: 10, note: NOTE }, 'not-a-learner')).json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect((await admin.xhr('DELETE', accommodationOf('0196a3c4-0000-7000-8000-000000000001'))).json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect((await admin.xhr('GET', '/api/v1/admin/exam-accommodations?email=nobody@example.com')).json()).toMatchObject({ status: 404, code: 'NOT_FOUND', field: 'email' });
    expect((await admin.xhr('GET', '/api/v1/admin/exam-accommodations?email=not-an-address')).json()).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', field: 'email' });

    const yesterday = addDays(tokyoDay(new Date()), -1);
    const bad: [unknown, string][] = [
      [{ extraMinutes: 0, note: NOTE }, 'extraMinutes'],
      [{ extraMinutes: 241, note: NOTE }, 'extraMinutes'],
      [{ extraPercent: 0, note: NOTE }, 'extraPercent'],
      [{ extraPercent: 201, note: NOTE }, 'extraPercent'],
      [{ extraMinutes: 10, extraPercent: 50, note: NOTE }, 'extraPercent'],
      [{ note: NOTE }, 'extraMinutes'],
      [{ extraMinutes: 10, endsOn: '2026-13-01', note: NOTE }, 'endsOn'],
      [{ extraMinutes: 10, endsOn: 'next friday', note: NOTE }, 'endsOn'],
      [{ extraMinutes: 10, endsOn: yesterday, note: NOTE }, 'endsOn'],
      [{ extraMinutes: 10, note: '' }, 'note'],
    ];
    for (const [body, field] of bad) {
      const reply = await grant(body);
      expect({ body, envelope: reply.json() }).toMatchObject({ body, envelope: { status: 400, code: 'VALIDATION_FAILED', field, message: expect.any(String) } });
    }
    expect(await accommodationEvents()).toEqual([]);
  });

  it('grants +50 % once however often sent; the admin history shows it and the policy page the learner’s own limit', async () => {
    const first = await grant({ extraPercent: 50, note: NOTE });
    expect(first.status).toBe(200);
    expect(first.json()).toMatchObject({ learner: { userId: learnerId }, accommodation: { extraPercent: 50, extraMinutes: null, endsOn: null, note: NOTE, active: true } });
    expect((await grant({ extraPercent: 50, note: NOTE })).json()).toEqual(first.json());
    expect(await accommodationEvents()).toEqual(['ExamAccommodationGranted']);
    expect((await admin.xhr('GET', '/api/v1/admin/exam-accommodations?email=LEARNER@example.com')).json()).toEqual(first.json());

    const history = (await admin.xhr('GET', `/api/v1/admin/events?userId=${learnerId}&type=ExamAccommodationGranted`)).json<AdminEventPage>();
    expect(history.items).toEqual([expect.objectContaining({ type: 'ExamAccommodationGranted', streamType: 'exam-accommodation', userId: learnerId, data: expect.objectContaining({ extraPercent: 50, note: NOTE }) })]);

    const course = (await learner.xhr('GET', '/api/v1/certification-courses/line-ads-basic')).json();
    expect(course).toMatchObject({ exam: { minutes: 30 }, examExtraMinutes: 15 });
    // Another learner's page shows no extra time.
    expect((await new BrowserLikeClient(campus.api.origin).xhr('GET', '/api/v1/certification-courses/line-ads-basic')).json()).toMatchObject({ examExtraMinutes: 0 });
  });

  it('a learner with +50 % on a 30-minute exam is not timed out at 30 minutes, and is at 45', async () => {
    const before = Date.now();
    const started = await start('line-ads-basic');
    expect(started.status).toBe(200);
    const { examSessionId, deadline } = started.json<{ examSessionId: string; deadline: string }>();
    expect(Math.abs(Date.parse(deadline) - (before + 45 * MINUTE))).toBeLessThan(5_000);
    const [startedEvent] = (
      await database.query(`select seq, id, stream_type, stream_id, version, type, data, meta, occurred_at from events where stream_id = $1 and type = 'ExamStarted'`, [examSessionId])
    ).rows;
    expect(startedEvent.data).toMatchObject({ deadline, extraMinutes: 15 });
    // The finalisation job waits for the extended deadline, not the normal one.
    const job = await waitFor('the finalisation job', () => campus.worker!.get(JobQueue).queue.getJob(`finalise-exam-when-deadline-passed@${startedEvent.id}`));
    expect(job.timestamp + job.opts.delay!).toBeGreaterThan(Date.parse(deadline));
    const session = (await learner.xhr('GET', '/api/v1/certification-courses/line-ads-basic/exam')).json();
    expect(session.deadline).toBe(deadline);

    const answers = Object.entries(await rightAnswersOf(database, examSessionId));
    const [[firstQuestion, firstChoices], [secondQuestion, secondChoices]] = answers as [string, string[]][];

    // 31 minutes in: past the normal limit and its grace, the answer is still taken and the finaliser leaves the session.
    await elapse(examSessionId, 31 * MINUTE);
    expect((await saveAnswer(examSessionId, firstQuestion!, firstChoices!)).status).toBe(200);
    expect(await finaliseOverdue()).toEqual([]);
    expect(await statusOf(examSessionId)).toBe('running');
    expect((await learner.xhr('GET', '/api/v1/certification-courses/line-ads-basic/exam')).status).toBe(200);

    // 45 minutes (and the grace) in: the time is up.
    await elapse(examSessionId, 14 * MINUTE + SUBMIT_GRACE_MS + 1_000);
    expect((await saveAnswer(examSessionId, secondQuestion!, secondChoices!)).json()).toMatchObject({ status: 400, code: 'EXAM_TIME_OVER' });
    const timeUp = new Promise((resolve) => learnerSocket.once('exam.timeUp', resolve));
    await campus.worker!.get(JobQueue).addAll([{ name: 'finalise-exam-when-deadline-passed', data: toStoredEvent(startedEvent), jobId: `test-finalise-${startedEvent.id}` }]);
    expect(await timeUp).toEqual({ examSessionId, courseSlug: 'line-ads-basic' });
    expect(await statusOf(examSessionId)).not.toBe('running');
    const { rows } = await database.query(`select data from events where stream_id = $1 and type = 'ExamExpired'`, [examSessionId]);
    expect(rows).toEqual([{ data: expect.objectContaining({ answeredCount: 1 }) }]);
  });

  it('after a withdrawal the same learner has the normal 30 minutes, timed out at 31', async () => {
    const withdrawn = await admin.xhr('DELETE', accommodationOf(learnerId));
    expect(withdrawn.json()).toMatchObject({ learner: { userId: learnerId }, accommodation: null });
    expect((await admin.xhr('DELETE', accommodationOf(learnerId))).json()).toEqual(withdrawn.json());
    expect(await accommodationEvents()).toEqual(['ExamAccommodationGranted', 'ExamAccommodationWithdrawn']);
    expect((await learner.xhr('GET', '/api/v1/certification-courses/yahoo-ads-searchads-basic')).json()).toMatchObject({ examExtraMinutes: 0 });

    const before = Date.now();
    const started = (await start('yahoo-ads-searchads-basic')).json<{ examSessionId: string; deadline: string }>();
    expect(Math.abs(Date.parse(started.deadline) - (before + 30 * MINUTE))).toBeLessThan(5_000);
    const [[questionId, choiceIds]] = Object.entries(await rightAnswersOf(database, started.examSessionId)) as [string, string[]][];
    await elapse(started.examSessionId, 31 * MINUTE);
    expect((await saveAnswer(started.examSessionId, questionId!, choiceIds!)).json()).toMatchObject({ status: 400, code: 'EXAM_TIME_OVER' });
    expect(await finaliseOverdue()).toEqual([expect.objectContaining({ examSessionId: started.examSessionId })]);
  });

  it('an end date behind (Tokyo) gives new starts no extra time', async () => {
    expect((await grant({ extraMinutes: 20, endsOn: tokyoDay(new Date()), note: NOTE })).json()).toMatchObject({ accommodation: { extraMinutes: 20, active: true } });
    expect((await learner.xhr('GET', '/api/v1/certification-courses/line-official-account-basic')).json()).toMatchObject({ examExtraMinutes: 20 });
    // The day passes (the row is moved back rather than the clock forward).
    await database.query(`update exam_accommodations set ends_on = ends_on - 1 where user_id = $1`, [learnerId]);
    expect((await admin.xhr('GET', '/api/v1/admin/exam-accommodations?email=learner@example.com')).json()).toMatchObject({ accommodation: { active: false } });
    expect((await learner.xhr('GET', '/api/v1/certification-courses/line-official-account-basic')).json()).toMatchObject({ examExtraMinutes: 0 });
    const before = Date.now();
    const started = (await start('line-official-account-basic')).json<{ deadline: string }>();
    expect(Math.abs(Date.parse(started.deadline) - (before + 30 * MINUTE))).toBeLessThan(5_000);
  });
});
