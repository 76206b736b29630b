import { AppError } from '../../../core/errors/app-error';
import { SUBMIT_GRACE_MS } from './exam-timing';
import { type BankQuestion } from './exam-session';
import { ExamSession, type GradingCourse } from './exam-session-aggregate';

const question = (questionId: string, topic: string): BankQuestion => ({
  questionId,
  topic,
  type: 'single',
  prompt: `問題 ${questionId}`,
  choices: [
    { text: '正解', correct: true },
    { text: '誤り', correct: false },
  ],
});
const BANK = ['q1', 'q2', 'q3', 'q4'].map((id) => question(id, 'basics'));
const STARTED = new Date('2026-11-25T01:00:00Z');
const MINUTES = 30;
const DEADLINE = new Date(STARTED.getTime() + MINUTES * 60_000);
const after = (ms: number) => new Date(DEADLINE.getTime() + ms);

const started = (extraMinutes = 0) =>
  ExamSession.start({
    id: 'session-1',
    userId: 'learner-1',
    course: { id: 'course-1', slug: 'line-ads-basic', minutes: MINUTES, topics: { basics: 4 } },
    extraMinutes,
    bank: BANK,
    now: STARTED,
    random: () => 0.5,
  });
/** As the repository hands it out: loaded at its stream version, nothing recorded yet. */
const loaded = (session: ExamSession) => ExamSession.fromState({ ...session.state }, session.loadedVersion + session.changes.length);
const choiceOf = (session: ExamSession, questionId: string, correct: boolean) =>
  session.state.questions.find((q) => q.questionId === questionId)!.choices.find((choice) => choice.correct === correct)!.choiceId;
const course: GradingCourse = {
  slug: 'line-ads-basic',
  passPercent: 75,
  badgeValidMonths: 12,
  heldBadgeExpiresAt: null,
  resultOf: (score, finishedAt) => ({ finishedAt: finishedAt.toISOString(), percent: score.percent }) as never,
};
const refusal = (act: () => unknown) => {
  try {
    act();
  } catch (error) {
    return error instanceof AppError ? { code: error.code, field: error.field } : error;
  }
  return 'accepted';
};

describe('ExamSession', () => {
  it('starts running with frozen questions and a deadline, recording ExamStarted at version 1', () => {
    const session = started();
    expect(session.loadedVersion).toBe(0);
    expect(session.state).toMatchObject({ status: 'running', deadline: DEADLINE, answers: {}, finishedAt: null });
    expect(session.state.questions.map((q) => q.questionId).sort()).toEqual(['q1', 'q2', 'q3', 'q4']);
    expect(session.changes.map((event) => event.type)).toEqual(['ExamStarted']);
  });

  it('moves the deadline by the learner’s extra minutes and records them in ExamStarted', () => {
    const session = loaded(started(15));
    const extended = new Date(DEADLINE.getTime() + 15 * 60_000);
    expect(session.state.deadline).toEqual(extended);
    expect(started(15).changes[0]!.data).toMatchObject({ deadline: extended.toISOString(), extraMinutes: 15 });
    // Past the normal limit and its grace, answers and the submit are still taken; the finaliser leaves it.
    const choice = choiceOf(session, 'q1', true);
    expect(refusal(() => session.answer('q1', [choice], after(SUBMIT_GRACE_MS + 60_000)))).toBe('accepted');
    expect(session.expire(after(SUBMIT_GRACE_MS + 60_000), 'line-ads-basic')).toBe(false);
    expect(session.expire(new Date(extended.getTime() + SUBMIT_GRACE_MS + 1), 'line-ads-basic')).toBe(true);
    expect(session.state.finishedAt).toEqual(extended);
  });

  it('takes answers of its own choices until the deadline and its grace, and refuses the rest', () => {
    const session = loaded(started());
    const right = choiceOf(session, 'q1', true);
    expect(session.answer('q1', [right, right], after(SUBMIT_GRACE_MS)).data).toMatchObject({ questionId: 'q1', choiceIds: [right] });
    expect(session.state.answers).toEqual({ q1: [right] });
    expect(refusal(() => session.answer('q1', ['c1'], STARTED))).toEqual({ code: 'VALIDATION_FAILED', field: 'choiceIds' });
    expect(refusal(() => session.answer('q1', [right, choiceOf(session, 'q1', false)], STARTED))).toEqual({ code: 'VALIDATION_FAILED', field: 'choiceIds' });
    expect(refusal(() => session.answer('q9', [right], STARTED))).toMatchObject({ code: 'NOT_FOUND' });
    expect(refusal(() => session.answer('q2', [choiceOf(session, 'q2', true)], after(SUBMIT_GRACE_MS + 1)))).toEqual({ code: 'EXAM_TIME_OVER', field: undefined });
    expect(session.changes).toHaveLength(1);
  });

  it('submits once, finishing at the deadline at the latest; a repeat answers the same submission and records nothing', () => {
    const session = loaded(started());
    expect(session.submit({ q2: [choiceOf(session, 'q2', true)] }, after(2_000))).toEqual({ status: 'submitted', finishedAt: DEADLINE });
    expect(session.changes.map((event) => [event.type, event.data])).toEqual([['ExamSubmitted', { finishedAt: DEADLINE.toISOString(), answeredCount: 1 }]]);
    const again = loaded(session);
    expect(again.submit({}, after(60_000))).toEqual({ status: 'submitted', finishedAt: DEADLINE });
    expect(again.changes).toEqual([]);
    expect(refusal(() => loaded(started()).submit({}, after(SUBMIT_GRACE_MS + 1)))).toMatchObject({ code: 'EXAM_TIME_OVER' });
    expect(refusal(() => loaded(started()).submit({ q1: ['nope'] }, STARTED))).toEqual({ code: 'VALIDATION_FAILED', field: 'answers' });
  });

  it('expires only when running past its deadline and grace, at its deadline', () => {
    const session = loaded(started());
    expect(session.expire(after(SUBMIT_GRACE_MS), 'line-ads-basic')).toBe(false);
    expect(session.expire(after(SUBMIT_GRACE_MS + 1), 'line-ads-basic')).toBe(true);
    expect(session.state).toMatchObject({ status: 'expired', finishedAt: DEADLINE });
    expect(session.changes.map((event) => event.data)).toEqual([{ finishedAt: DEADLINE.toISOString(), answeredCount: 0, userId: 'learner-1', courseSlug: 'line-ads-basic' }]);
    expect(loaded(session).expire(after(60_000), 'line-ads-basic')).toBe(false);
  });

  it('grades a finished session once: a pass awards the badge for the course’s months, a fail awards nothing', () => {
    const passing = loaded(started());
    for (const id of ['q1', 'q2', 'q3']) passing.answer(id, [choiceOf(passing, id, true)], STARTED);
    passing.submit({}, STARTED);
    const gradedAt = new Date('2026-11-26T00:00:00Z');
    const toGrade = loaded(passing);
    expect(toGrade.grade(course, gradedAt)).toEqual({ awardedAt: gradedAt, expiresAt: new Date('2027-11-26T00:00:00Z') });
    expect(toGrade.state).toMatchObject({ status: 'graded', passed: true, score: { correct: 3, total: 4, percent: 75 } });
    expect(toGrade.changes.map((event) => event.type)).toEqual(['ExamGraded', 'BadgeAwarded']);
    expect(loaded(toGrade).grade(course, gradedAt)).toBeNull();
    expect(loaded(toGrade).changes).toEqual([]);

    const failing = loaded(started());
    failing.submit({}, STARTED);
    const failed = loaded(failing);
    expect(failed.grade(course, gradedAt)).toBeNull();
    expect(failed.changes.map((event) => [event.type, (event.data as { passed: boolean }).passed])).toEqual([['ExamGraded', false]]);
    // A running session is not graded.
    const running = loaded(started());
    expect(running.grade(course, gradedAt)).toBeNull();
    expect(running.changes).toEqual([]);
  });

  it('renews a held badge on a pass: counted from its old expiry while that is ahead, else from the pass', () => {
    const passedSession = () => {
      const session = loaded(started());
      for (const id of ['q1', 'q2', 'q3']) session.answer(id, [choiceOf(session, id, true)], STARTED);
      session.submit({}, STARTED);
      return loaded(session);
    };
    const gradedAt = new Date('2026-11-26T00:00:00Z');
    const early = passedSession();
    expect(early.grade({ ...course, heldBadgeExpiresAt: new Date('2026-12-10T00:00:00Z') }, gradedAt)).toEqual({ awardedAt: gradedAt, expiresAt: new Date('2027-12-10T00:00:00Z') });
    expect(early.changes[1]!.data).toEqual({
      userId: 'learner-1',
      courseId: 'course-1',
      awardedAt: gradedAt.toISOString(),
      expiresAt: '2027-12-10T00:00:00.000Z',
      renewedExpiresAt: '2026-12-10T00:00:00.000Z',
    });
    const late = passedSession();
    expect(late.grade({ ...course, heldBadgeExpiresAt: new Date('2026-10-01T00:00:00Z') }, gradedAt)).toEqual({ awardedAt: gradedAt, expiresAt: new Date('2027-11-26T00:00:00Z') });
    // A first award says nothing of a renewal.
    const first = passedSession();
    first.grade(course, gradedAt);
    expect(first.changes[1]!.data).not.toHaveProperty('renewedExpiresAt');
  });
});
