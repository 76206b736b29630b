import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { type CampusSocket, openSessionSocket } from './support/campus-socket';
import { toStoredEvent } from '../src/database/event-row';
import { JobQueue } from '../src/jobs/job-queue';
import { FinaliseExamWhenDeadlinePassedHandler } from '../src/modules/certification/reactions/finalise-exam-when-deadline-passed.handler';
import { BrowserLikeClient } from './support/browser-like-client';
import { startCampus } from './support/campus-harness';
import { waitFor } from './support/wait-for';
import { importDemoPack } from './support/demo-content';
import { type DemoLogin, logInAsDemo } from './support/dev-idp-login';
import { rightAnswersOf, wrongAnswersOf } from './support/exam-answers';

const PROFILE = { lastName: '山田', firstName: '太郎', lastNameKana: 'ヤマダ', firstNameKana: 'タロウ', email: 'learner@example.com' };

describe('starting a certification exam and saving answers', () => {
  const mediaDir = mkdtempSync(path.join(tmpdir(), 'campus-media-'));
  let campus: Awaited<ReturnType<typeof startCampus>>;
  let database: Client;
  let learner: BrowserLikeClient;
  let newcomer: BrowserLikeClient;
  let sessionId: string;
  let learnerSocket: CampusSocket;

  const logIn = (login: DemoLogin) => logInAsDemo(campus.api.origin, login);
  const start = (client: BrowserLikeClient, slug: string) => client.xhr('POST', `/api/v1/certification-courses/${slug}/exam/start/`);

  beforeAll(async () => {
    campus = await startCampus({ mediaDir, worker: true });
    await importDemoPack(campus.database.url, mediaDir);
    database = new Client({ connectionString: campus.database.url });
    await database.connect();
    learner = await logIn('learner');
    expect((await learner.xhr('PUT', '/api/v1/me', PROFILE)).status).toBe(200);
    newcomer = await logIn('learner-new');
    // The learner's browser tab, listening for pushes.
    learnerSocket = await openSessionSocket(campus.api.origin, learner);
  });
  afterAll(async () => {
    learnerSocket.disconnect();
    await database.end();
    await campus.stop();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  it('refuses visitors, learners without a profile, and Advanced without a valid Basic', async () => {
    expect((await start(new BrowserLikeClient(campus.api.origin), 'line-ads-basic')).status).toBe(401);
    expect((await start(newcomer, 'line-ads-basic')).json()).toMatchObject({ status: 400, code: 'PROFILE_REQUIRED' });
    expect((await start(learner, 'line-ads-advanced')).json()).toMatchObject({ status: 400, code: 'BASIC_REQUIRED' });
    expect((await start(learner, 'no-such-badge')).status).toBe(404);
  });

  it('starts with a server deadline, resumes the same course, and allows one exam at a time', async () => {
    const before = Date.now();
    const first = await start(learner, 'line-ads-basic');
    expect(first.status).toBe(200);
    expect(first.json().resumed).toBe(false);
    sessionId = first.json().examSessionId;
    const { rows } = await database.query(`select exam->>'minutes' as minutes from courses where slug = 'line-ads-basic'`);
    const expected = before + Number(rows[0].minutes) * 60_000;
    expect(Math.abs(Date.parse(first.json().deadline) - expected)).toBeLessThan(5_000);

    expect((await start(learner, 'line-ads-basic')).json()).toEqual({ ...first.json(), resumed: true });
    expect((await start(learner, 'yahoo-ads-searchads-basic')).json()).toMatchObject({ status: 400, code: 'EXAM_IN_PROGRESS' });
    expect((await learner.xhr('GET', '/api/v1/certification-courses/line-ads-basic/current-exam-session')).json()).toEqual({
      examSessionId: sessionId,
      courseSlug: 'line-ads-basic',
      deadline: first.json().deadline,
    });
    // No running session of that course is an answer, not an error (issue 32 point 8).
    const none = await learner.xhr('GET', '/api/v1/certification-courses/yahoo-ads-searchads-basic/current-exam-session');
    expect([none.status, none.json()]).toEqual([200, null]);
  });

  it('sends the questions without any correctness hint', async () => {
    const exam = (await learner.xhr('GET', '/api/v1/certification-courses/line-ads-basic/exam')).json();
    const { rows } = await database.query(`select (exam->>'questionCount')::int as count from courses where slug = 'line-ads-basic'`);
    expect(exam.questions).toHaveLength(rows[0].count);
    expect(new Set(exam.questions.map((question: { questionId: string }) => question.questionId)).size).toBe(rows[0].count);
    expect(JSON.stringify(exam)).not.toMatch(/"correct"|explanation|"topic"/);
    expect(exam.answers).toEqual({});
  });

  it('saves answers, and refuses choices the question does not have', async () => {
    const exam = (await learner.xhr('GET', '/api/v1/certification-courses/line-ads-basic/exam')).json();
    const single = exam.questions.find((question: { type: string }) => question.type === 'single');
    const save = (client: BrowserLikeClient, questionId: string, choiceIds: unknown, id = sessionId) =>
      client.xhr('PUT', `/api/v1/exam-sessions/${id}/answers/${questionId}`, { choiceIds });

    const saved = await save(learner, single.questionId, [single.choices[1].choiceId]);
    expect(saved.status).toBe(200);
    expect(Date.parse(saved.json().savedAt)).not.toBeNaN();
    expect((await learner.xhr('GET', '/api/v1/certification-courses/line-ads-basic/exam')).json().answers).toEqual({
      [single.questionId]: [single.choices[1].choiceId],
    });

    expect((await save(learner, single.questionId, ['c99'])).json()).toMatchObject({ status: 400, field: 'choiceIds' });
    expect((await save(learner, single.questionId, [single.choices[0].choiceId, single.choices[1].choiceId])).json()).toMatchObject({ status: 400, field: 'choiceIds' });
    expect((await save(learner, single.questionId, 'c1')).json()).toMatchObject({ status: 400, field: 'choiceIds' });
    expect((await save(learner, 'no-such-question', ['c1'])).status).toBe(404);
    expect((await save(learner, single.questionId, ['c1'], 'not-a-uuid')).json()).toMatchObject({ status: 400, field: 'examSessionId' });
    // Someone else's session is not found, let alone written.
    expect((await save(newcomer, single.questionId, ['c1'])).status).toBe(404);
    const { rows } = await database.query(`select count(*)::int as n from events where type = 'AnswerSaved'`);
    expect(rows[0].n).toBe(1);
  });

  it('keeps every answer of saves sent at once (two tabs, a keepalive beside a save): none lost, none refused', async () => {
    const exam = (await learner.xhr('GET', '/api/v1/certification-courses/line-ads-basic/exam')).json();
    const { rows: before } = await database.query('select stream_version from exam_sessions where id = $1', [sessionId]);
    const chosen = Object.fromEntries(exam.questions.map((question: { questionId: string; choices: { choiceId: string }[] }) => [question.questionId, [question.choices[0]!.choiceId]]));
    const replies = await Promise.all(
      Object.entries(chosen).map(([questionId, choiceIds]) => learner.xhr('PUT', `/api/v1/exam-sessions/${sessionId}/answers/${questionId}`, { choiceIds })),
    );
    expect(replies.map((reply) => reply.status)).toEqual(replies.map(() => 200));
    expect((await learner.xhr('GET', '/api/v1/certification-courses/line-ads-basic/exam')).json().answers).toEqual(chosen);
    // One event per save, at consecutive versions, and the session's version follows its stream.
    const { rows: versions } = await database.query(`select version from events where stream_id = $1 and type = 'AnswerSaved' and version > $2 order by version`, [
      sessionId,
      before[0].stream_version,
    ]);
    const count = exam.questions.length;
    expect(versions.map((row: { version: number }) => row.version)).toEqual(Array.from({ length: count }, (_, index) => before[0].stream_version + index + 1));
    const { rows: after } = await database.query('select stream_version from exam_sessions where id = $1', [sessionId]);
    expect(after[0].stream_version).toBe(before[0].stream_version + count);
  });

  it('refuses answers after the deadline and its grace', async () => {
    // Read before the deadline moves: a read after it finishes the session (see below).
    const exam = (await learner.xhr('GET', '/api/v1/certification-courses/line-ads-basic/exam')).json();
    await database.query(`update exam_sessions set deadline = now() - interval '10 seconds' where id = $1`, [sessionId]);
    const reply = await learner.xhr('PUT', `/api/v1/exam-sessions/${sessionId}/answers/${exam.questions[0].questionId}`, { choiceIds: [exam.questions[0].choices[0].choiceId] });
    expect(reply.json()).toMatchObject({ status: 400, code: 'EXAM_TIME_OVER' });
  });

  it('makes a failed learner wait, and says when the next attempt opens, on the course page before any try', async () => {
    const coursePage = async (client = learner) => (await client.xhr('GET', '/api/v1/certification-courses/line-ads-basic')).json();
    expect((await coursePage()).retakeOpensAt).toBeNull();
    const { rows } = await database.query<{ finished_at: Date }>(
      `update exam_sessions set status = 'expired', finished_at = now(), passed = false where id = $1 returning finished_at`,
      [sessionId],
    );
    const reply = (await start(learner, 'line-ads-basic')).json();
    expect(reply).toMatchObject({ status: 400, code: 'EXAM_COOLDOWN' });
    expect(reply.message).toMatch(/^次の受験は .+ から可能です。$/);
    // The same moment the refusal names: the content pack's 24 hours after the failed attempt ended.
    expect((await coursePage()).retakeOpensAt).toBe(new Date(rows[0]!.finished_at.getTime() + 24 * 3_600_000).toISOString());
    // Another learner, and a visitor, wait for nothing.
    expect((await coursePage(newcomer)).retakeOpensAt).toBeNull();
    expect((await coursePage(new BrowserLikeClient(campus.api.origin))).retakeOpensAt).toBeNull();
  });

  describe('submitting and grading', () => {
    const rightAnswers = (id: string) => rightAnswersOf(database, id);
    const resultOf = async (slug: string, client = learner) => {
      for (let attempt = 0; attempt < 100; attempt += 1) {
        const reply = await client.xhr('GET', `/api/v1/certification-courses/${slug}/last-result`);
        if (reply.status === 200) return reply.json();
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`no result for ${slug}`);
    };

    it('grades a submitted exam once, awards the badge, and then opens Advanced', async () => {
      const id = (await start(learner, 'yahoo-ads-searchads-basic')).json().examSessionId;
      const pushed = new Promise((resolve) => learnerSocket.once('exam.graded', resolve));
      const submit = () => learner.xhr('POST', `/api/v1/exam-sessions/${id}/submit`, { answers: answers });
      const answers = await rightAnswers(id);
      const first = await submit();
      expect(first.status).toBe(200);
      expect(first.json()).toMatchObject({ examSessionId: id, status: 'submitted' });

      const result = await resultOf('yahoo-ads-searchads-basic');
      expect(result).toMatchObject({ examSessionId: id, passed: true, percent: 100, nextAttemptAt: null });
      // The push carries what the result page shows: the page need not ask.
      expect(await pushed).toEqual({ examSessionId: id, courseSlug: 'yahoo-ads-searchads-basic', passed: true, result });
      expect(result.topics.length).toBeGreaterThan(0);
      // 分野別の結果 reads the content pack's Japanese topic names, not the slugs.
      expect(result.topics).toContainEqual(expect.objectContaining({ topic: 'search-basics', name: '検索広告の基本' }));
      for (const topic of result.topics) expect(topic.name).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
      expect(JSON.stringify(result)).not.toMatch(/questionId|choiceId/);
      expect((await submit()).json()).toMatchObject({ examSessionId: id, status: 'graded', finishedAt: first.json().finishedAt });

      const course = (await learner.xhr('GET', '/api/v1/certification-courses/yahoo-ads-searchads-basic')).json();
      expect(course.badgeStatus).toBe('available');
      expect((await start(learner, 'yahoo-ads-searchads-advanced')).json()).toMatchObject({ resumed: false });
      const advanced = (await learner.xhr('GET', '/api/v1/certification-courses/yahoo-ads-searchads-advanced/current-exam-session')).json();
      expect((await learner.xhr('POST', `/api/v1/exam-sessions/${advanced.examSessionId}/submit`, {})).status).toBe(200);
      const failed = await resultOf('yahoo-ads-searchads-advanced');
      expect(failed).toMatchObject({ passed: false, percent: 0 });
      expect(Date.parse(failed.nextAttemptAt) - Date.parse(failed.finishedAt)).toBe(24 * 3_600_000);
    });

    it('takes 20 simultaneous submits as one', async () => {
      const id = (await start(learner, 'line-official-account-basic')).json().examSessionId;
      const replies = await Promise.all(Array.from({ length: 20 }, () => learner.xhr('POST', `/api/v1/exam-sessions/${id}/submit`, {})));
      const statuses = replies.map((reply) => reply.status);
      // Every reply is the submission, or a 409 from the stream's optimistic lock that a retry answers.
      expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
      expect(statuses).toContain(200);
      await resultOf('line-official-account-basic');
      const { rows } = await database.query(
        `select type, count(*)::int as n from events where stream_id = $1 and type in ('ExamSubmitted', 'ExamGraded') group by type order by type`,
        [id],
      );
      expect(rows).toEqual([
        { type: 'ExamGraded', n: 1 },
        { type: 'ExamSubmitted', n: 1 },
      ]);
    });

    it('refuses bad submits, and a submit after the deadline and its grace with the 24-hour message', async () => {
      const id = (await start(learner, 'yahoo-ads-displayads-basic')).json().examSessionId;
      // Bad submits first: nothing of them is kept, and the session stays open.
      expect((await learner.xhr('POST', `/api/v1/exam-sessions/${id}/submit`, { answers: { 'no-such-question': ['c1'] } })).json()).toMatchObject({ status: 400, field: 'answers' });
      expect((await learner.xhr('POST', `/api/v1/exam-sessions/${id}/submit`, { answers: 'all of them' })).json()).toMatchObject({ status: 400, field: 'answers' });
      expect((await newcomer.xhr('POST', `/api/v1/exam-sessions/${id}/submit`, {})).status).toBe(404);
      expect((await learner.xhr('POST', '/api/v1/exam-sessions/not-a-uuid/submit', {})).json()).toMatchObject({ status: 400, field: 'examSessionId' });
      expect((await database.query('select status from exam_sessions where id = $1', [id])).rows).toEqual([{ status: 'running' }]);
      await database.query(`update exam_sessions set deadline = now() - interval '10 seconds' where id = $1`, [id]);
      const reply = (await learner.xhr('POST', `/api/v1/exam-sessions/${id}/submit`, {})).json();
      expect(reply).toMatchObject({ status: 400, code: 'EXAM_TIME_OVER' });
      expect(reply.message).toContain('24時間後');
    });

    it('finalises a session left open at its deadline, with no browser, and grades it', async () => {
      // The late-submit test left yahoo-ads-displayads-basic running past its deadline.
      const { rows } = await database.query(
        `select e.seq, e.id, e.stream_type, e.stream_id, e.version, e.type, e.data, e.meta, e.occurred_at
           from events e join exam_sessions s on s.id::text = e.stream_id
          where e.type = 'ExamStarted' and s.status = 'running'`,
      );
      expect(rows).toHaveLength(1);
      const started = rows[0];
      const queue = campus.worker!.get(JobQueue).queue;
      // The relay scheduled the finalisation for the original deadline.
      const scheduled = await queue.getJob(`finalise-exam-when-deadline-passed@${started.id}`);
      expect(await scheduled?.isDelayed()).toBe(true);

      const timeUp = new Promise((resolve) => learnerSocket.once('exam.timeUp', resolve));
      // Its time has come (the deadline was moved back): run it now, as BullMQ would.
      const event = toStoredEvent(started);
      await campus.worker!.get(JobQueue).addAll([{ name: 'finalise-exam-when-deadline-passed', data: event, jobId: `test-finalise-${started.id}` }]);
      expect(await timeUp).toEqual({ examSessionId: started.stream_id, courseSlug: 'yahoo-ads-displayads-basic' });
      const result = await resultOf('yahoo-ads-displayads-basic');
      expect(result).toMatchObject({ examSessionId: started.stream_id, passed: false });
      const { rows: session } = await database.query(
        // The test moved the deadline in SQL (microseconds); the session keeps milliseconds.
        `select status, date_trunc('milliseconds', finished_at) = date_trunc('milliseconds', deadline) as at_deadline from exam_sessions where id = $1`,
        [started.stream_id],
      );
      expect(session).toEqual([{ status: 'graded', at_deadline: true }]);
      const { rows: expired } = await database.query(`select count(*)::int as n from events where stream_id = $1 and type = 'ExamExpired'`, [started.stream_id]);
      expect(expired[0].n).toBe(1);
    });

    describe('a session whose time ran out while the learner was away (no job has run yet)', () => {
      const statusOf = async (id: string) => (await database.query('select status from exam_sessions where id = $1', [id])).rows[0]?.status;
      const expiredEvents = async (id: string) =>
        (await database.query(`select count(*)::int as n from events where stream_id = $1 and type = 'ExamExpired'`, [id])).rows[0].n;
      /** The deadline moved into the past, beyond the grace: what a learner away for too long comes back to. */
      const runOutOfTime = (id: string) => database.query(`update exam_sessions set deadline = now() - interval '1 minute' where id = $1`, [id]);
      const saveAll = async (client: BrowserLikeClient, id: string, answers: Record<string, string[]>) => {
        for (const [questionId, choiceIds] of Object.entries(answers)) {
          expect((await client.xhr('PUT', `/api/v1/exam-sessions/${id}/answers/${questionId}`, { choiceIds })).status).toBe(200);
        }
      };

      beforeAll(async () => {
        expect((await newcomer.xhr('PUT', '/api/v1/me', { ...PROFILE, email: 'learner-new@example.com' })).status).toBe(200);
      });

      it('is over for every read once its time is up, and the worker finishes it, graded from the saved answers (reads write nothing)', async () => {
        const id = (await start(newcomer, 'line-ads-basic')).json().examSessionId;
        const right = await rightAnswers(id);
        const [first, second] = Object.keys(right);
        // One right answer and one wrong one are saved; the rest are never given.
        const wrong = await wrongAnswersOf(database, id);
        await saveAll(newcomer, id, { [first!]: right[first!], [second!]: wrong[second!] });
        await runOutOfTime(id);
        expect(await statusOf(id)).toBe('running');

        const exam = await newcomer.xhr('GET', '/api/v1/certification-courses/line-ads-basic/exam');
        expect(exam.json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });
        await waitFor('the reconciler to finish the overdue session', async () => ((await statusOf(id)) !== 'running' ? true : null), 15_000);
        expect((await newcomer.xhr('GET', '/api/v1/certification-courses/line-ads-basic/current-exam-session')).json()).toBeNull();
        const result = await resultOf('line-ads-basic', newcomer);
        expect(result).toMatchObject({ examSessionId: id, passed: false, correct: 1, total: Object.keys(right).length });
        expect(Date.parse(result.nextAttemptAt) - Date.parse(result.finishedAt)).toBe(24 * 3_600_000);
        expect(await expiredEvents(id)).toBe(1);

        // The session's own delayed job comes due afterwards and finds nothing to do.
        const { rows } = await database.query(
          `select seq, id, stream_type, stream_id, version, type, data, meta, occurred_at from events where stream_id = $1 and version = 1`,
          [id],
        );
        await campus.worker!.get(FinaliseExamWhenDeadlinePassedHandler).handle(toStoredEvent(rows[0]));
        expect(await expiredEvents(id)).toBe(1);
      });

      it('does not hold the learner back: starting another exam finishes it first, graded from its saved answers', async () => {
        const id = (await start(newcomer, 'yahoo-ads-displayads-basic')).json().examSessionId;
        await saveAll(newcomer, id, await rightAnswers(id));
        await runOutOfTime(id);

        const next = await start(newcomer, 'line-official-account-basic');
        expect(next.status).toBe(200);
        expect(next.json()).toMatchObject({ resumed: false });
        expect(await expiredEvents(id)).toBe(1);
        expect(await resultOf('yahoo-ads-displayads-basic', newcomer)).toMatchObject({ examSessionId: id, passed: true, percent: 100 });
        expect((await newcomer.xhr('GET', '/api/v1/certification-courses/line-official-account-basic/current-exam-session')).json()).toMatchObject({
          examSessionId: next.json().examSessionId,
        });

        // The course page offers 続きから受験する while its time runs, not after.
        const coursePage = () => newcomer.xhr('GET', '/api/v1/certification-courses/line-official-account-basic');
        expect((await coursePage()).json().runningExam).toEqual({ examSessionId: next.json().examSessionId, deadline: next.json().deadline });
        expect((await new BrowserLikeClient(campus.api.origin).xhr('GET', '/api/v1/certification-courses/line-official-account-basic')).json().runningExam).toBeNull();
        await runOutOfTime(next.json().examSessionId);
        expect((await coursePage()).json().runningExam).toBeNull();

        // Its policy page no longer offers it once its time has run out, and the worker's reconciler finishes it.
        expect((await newcomer.xhr('GET', '/api/v1/certification-courses/line-official-account-basic/current-exam-session')).json()).toBeNull();
        await waitFor('the reconciler to finish the overdue session', async () => ((await statusOf(next.json().examSessionId)) !== 'running' ? true : null), 15_000);
      });
    });
  });
});
