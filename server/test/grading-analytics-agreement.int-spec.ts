import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import type { ExamAnalytics } from '../src/contracts/exam-analytics';
import type { FrozenQuestion } from '../src/modules/certification/certification.schema';
import { scoreExam } from '../src/modules/certification/domain/exam-session';
import type { BrowserLikeClient } from './support/browser-like-client';
import { startCampus } from './support/campus-harness';
import { importDemoPack } from './support/demo-content';
import { type DemoLogin, logInAsDemo } from './support/dev-idp-login';

const COURSE = 'line-ads-basic';
const PROFILE = { lastName: '山田', firstName: '太郎', lastNameKana: 'ヤマダ', firstNameKana: 'タロウ' };

/**
 * One answer per way a learner can get a question right or wrong: the right choices (in another order
 * for a multiple choice), a wrong one, a right one short or with an extra, nothing, an answer cleared.
 */
function answerFor(question: FrozenQuestion, pattern: number): string[] | undefined {
  const right = question.choices.filter((choice) => choice.correct).map((choice) => choice.choiceId);
  const wrong = question.choices.filter((choice) => !choice.correct).map((choice) => choice.choiceId);
  if (question.type === 'single') return [[...right], [wrong[0]!], undefined, []][pattern % 4];
  return [[...right].reverse(), right.slice(0, 1), [...right, wrong[0]!], [...right, ...right]][pattern % 4];
}

describe('grading and the exam analytics agree on every question of real exams', () => {
  const mediaDir = mkdtempSync(path.join(tmpdir(), 'campus-media-'));
  let campus: Awaited<ReturnType<typeof startCampus>>;
  let database: Client;

  beforeAll(async () => {
    campus = await startCampus({ mediaDir, worker: true });
    await importDemoPack(campus.database.url, mediaDir);
    database = new Client({ connectionString: campus.database.url });
    await database.connect();
  });
  afterAll(async () => {
    await database.end();
    await campus.stop();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  /** Takes the exam through the API: half the answers saved one by one, the others sent with the submit. */
  async function sitExam(login: DemoLogin, email: string, shift: number): Promise<{ client: BrowserLikeClient; examSessionId: string }> {
    const client = await logInAsDemo(campus.api.origin, login);
    expect((await client.xhr('PUT', '/api/v1/me', { ...PROFILE, email })).status).toBe(200);
    const started = await client.xhr('POST', `/api/v1/certification-courses/${COURSE}/exam/start/`);
    expect(started.status).toBe(200);
    const examSessionId: string = started.json().examSessionId;
    const questions: FrozenQuestion[] = (await database.query('select questions from exam_sessions where id = $1', [examSessionId])).rows[0].questions;

    const queued: Record<string, string[]> = {};
    for (const [index, question] of questions.entries()) {
      const choiceIds = answerFor(question, index + shift);
      if (choiceIds === undefined) continue;
      if (index % 2 === 1) {
        queued[question.questionId] = choiceIds;
        continue;
      }
      // A cleared answer was given first: the learner changed their mind.
      if (choiceIds.length === 0) await client.xhr('PUT', `/api/v1/exam-sessions/${examSessionId}/answers/${question.questionId}`, { choiceIds: answerFor(question, 0) });
      expect((await client.xhr('PUT', `/api/v1/exam-sessions/${examSessionId}/answers/${question.questionId}`, { choiceIds })).status).toBe(200);
    }
    expect((await client.xhr('POST', `/api/v1/exam-sessions/${examSessionId}/submit`, { answers: queued })).status).toBe(200);
    return { client, examSessionId };
  }

  const graded = async (examSessionId: string) => {
    for (const until = Date.now() + 30_000; Date.now() < until; await new Promise((resolve) => setTimeout(resolve, 100))) {
      const { rows } = await database.query(`select questions, answers, score from exam_sessions where id = $1 and status = 'graded'`, [examSessionId]);
      if (rows[0]) return rows[0] as { questions: FrozenQuestion[]; answers: Record<string, string[]>; score: { correct: number } };
    }
    throw new Error(`session ${examSessionId} was not graded`);
  };

  it('counts the same questions right as the grader did, question by question', async () => {
    const sessions = [await sitExam('learner', 'learner@example.com', 0), await sitExam('learner-new', 'new@example.com', 1)];

    // The grader's verdict on each question: its own rule, one question at a time, on what it graded.
    const graderTally = new Map<string, { answered: number; correct: number }>();
    for (const { examSessionId } of sessions) {
      const session = await graded(examSessionId);
      const verdicts = session.questions.map((question) => scoreExam([question], session.answers, 0).correct === 1);
      // The same rule as the grade it stored: nothing of the session is left out or counted twice.
      expect(verdicts.filter(Boolean).length).toBe(session.score.correct);
      for (const [index, question] of session.questions.entries()) {
        const tally = graderTally.get(question.questionId) ?? { answered: 0, correct: 0 };
        graderTally.set(question.questionId, { answered: tally.answered + 1, correct: tally.correct + (verdicts[index] ? 1 : 0) });
      }
    }
    // Every kind of answer was given, so both verdicts occur.
    const correctCounts = [...graderTally.values()].map((tally) => tally.correct);
    expect(correctCounts.some((count) => count > 0) && correctCounts.some((count) => count === 0)).toBe(true);

    const admin = await logInAsDemo(campus.api.origin, 'admin');
    const tokyoDay = (at: Date) => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Tokyo' }).format(at);
    const from = tokyoDay(new Date(Date.now() - 86_400_000));
    const reply = await admin.xhr('GET', `/api/v1/admin/analytics/exams?from=${from}&to=${tokyoDay(new Date())}&courseSlug=${COURSE}`);
    expect(reply.status).toBe(200);
    const analytics: ExamAnalytics = reply.json();

    const reported = new Map(analytics.questions.map((question) => [question.questionId, { answered: question.answered, correct: Math.round((question.correctRate ?? 0) * question.answered) }]));
    expect(Object.fromEntries(reported)).toEqual(Object.fromEntries(graderTally));
    expect(analytics.courses[0]).toMatchObject({ courseSlug: COURSE, attempts: 2 });
  });
});
