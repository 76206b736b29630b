import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { JobQueue } from '../src/jobs/job-queue';
import type { BrowserLikeClient } from './support/browser-like-client';
import { startCampus } from './support/campus-harness';
import { importDemoPack } from './support/demo-content';
import { logInAsDemo } from './support/dev-idp-login';
import { waitFor } from './support/wait-for';

const PROFILE = { lastName: '山田', firstName: '花子', lastNameKana: 'ヤマダ', firstNameKana: 'ハナコ', email: 'learner@example.com' };
const COURSE = '/api/v1/certification-courses/line-ads-basic';

/**
 * Issue 32 point 3: once a learner's time is up, the course page, the policy page's check and the start
 * agree that nothing is offered until the result is known, and an overdue session is finalised by the
 * worker within the reconciler's period even when its delayed job would only come much later.
 */
describe('an exam whose time ran out while the learner was away', () => {
  const mediaDir = mkdtempSync(path.join(tmpdir(), 'campus-media-'));
  let campus: Awaited<ReturnType<typeof startCampus>>;
  let database: Client;
  let learner: BrowserLikeClient;
  let sessionId: string;

  const standing = async () => {
    const course = (await learner.xhr('GET', COURSE)).json();
    const current = await learner.xhr('GET', `${COURSE}/current-exam-session`);
    const start = (await learner.xhr('POST', `${COURSE}/exam/start/`)).json();
    return { runningExam: course.runningExam, examGrading: course.examGrading, retakeOpensAt: course.retakeOpensAt, current: [current.status, current.json()], start: start.code ?? 'started' };
  };
  const statusOf = async () => (await database.query<{ status: string }>('select status from exam_sessions where id = $1', [sessionId])).rows[0]!.status;

  beforeAll(async () => {
    campus = await startCampus({ mediaDir, worker: true });
    await importDemoPack(campus.database.url, mediaDir);
    database = new Client({ connectionString: campus.database.url });
    await database.connect();
    learner = await logInAsDemo(campus.api.origin, 'learner', { acceptAgreements: true });
    expect((await learner.xhr('PUT', '/api/v1/me', PROFILE)).status).toBe(200);
  });
  afterAll(async () => {
    await database.end();
    await campus.stop();
    rmSync(mediaDir, { recursive: true, force: true });
    rmSync(`${mediaDir}-certificates`, { recursive: true, force: true });
  });

  it('answers "no running session" with 200 and null, not an error, before any exam', async () => {
    const reply = await learner.xhr('GET', `${COURSE}/current-exam-session`);
    expect([reply.status, reply.json()]).toEqual([200, null]);
  });

  it('offers the open session for resuming on every page while its time runs', async () => {
    const started = (await learner.xhr('POST', `${COURSE}/exam/start/`)).json();
    sessionId = started.examSessionId;
    expect(await standing()).toEqual({
      runningExam: { examSessionId: sessionId, deadline: started.deadline },
      examGrading: false,
      retakeOpensAt: null,
      current: [200, { examSessionId: sessionId, courseSlug: 'line-ads-basic', deadline: started.deadline }],
      start: 'started',
    });
  });

  it('offers neither resume nor start from the moment time is up, still in the grace a submit in flight has', async () => {
    await database.query(`update exam_sessions set deadline = now() - interval '1 second' where id = $1`, [sessionId]);
    expect(await standing()).toEqual({ runningExam: null, examGrading: true, retakeOpensAt: null, current: [200, null], start: 'EXAM_GRADING' });
    expect(await statusOf()).toBe('running');
  });

  it('is finalised by the reconciler within its period though its delayed job is still half an hour away, then every page names the retake', async () => {
    // As if its deadline had moved after the job was queued: the delayed job keeps the old due time.
    const job = await campus.worker!.get(JobQueue).queue.getJob(`finalise-exam-when-deadline-passed@${(await startEventOf(database, sessionId)).id}`);
    expect(await job?.getState()).toBe('delayed');
    await database.query(`update exam_sessions set deadline = now() - interval '6 seconds' where id = $1`, [sessionId]);
    // No learner read in between (a read would finalise it itself): only the worker can.
    await waitFor('the overdue session to be graded', async () => ((await statusOf()) === 'graded' ? true : null), 20_000);
    const { rows } = await database.query<{ finished_at: Date; deadline: Date; passed: boolean }>('select finished_at, deadline, passed from exam_sessions where id = $1', [sessionId]);
    expect(rows[0]!.finished_at).toEqual(rows[0]!.deadline);
    expect(rows[0]!.passed).toBe(false);
    expect(await standing()).toEqual({
      runningExam: null,
      examGrading: false,
      retakeOpensAt: new Date(rows[0]!.finished_at.getTime() + 24 * 3_600_000).toISOString(),
      current: [200, null],
      start: 'EXAM_COOLDOWN',
    });
  });
});

async function startEventOf(database: Client, sessionId: string) {
  const { rows } = await database.query<{ id: string }>(`select id from events where stream_type = 'exam-session' and stream_id = $1 and version = 1`, [sessionId]);
  return rows[0]!;
}
