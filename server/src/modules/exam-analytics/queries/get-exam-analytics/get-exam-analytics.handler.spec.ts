import { randomUUID } from 'node:crypto';
import { examAnalyticsQuerySchema } from '../../../../contracts/exam-analytics';
import { courses } from '../../../catalogue/catalogue.schema';
import { examQuestionOutcomes, examSessions } from '../../../certification/certification.schema';
import { users } from '../../../identity/identity.schema';
import { courseFeedback } from '../../../lessons/lessons.schema';
import type { FrozenQuestion } from '../../../certification/certification.schema';
import { drawQuestions, questionOutcomes } from '../../../certification/domain/exam-session';
import { aCertificationCourseRow } from '../../../../testing/catalogue-rows';
import { openPgliteStore } from '../../../../testing/pglite-store';
import { GetExamAnalyticsHandler } from './get-exam-analytics.handler';
import { GetExamAnalyticsQuery } from './get-exam-analytics.query';

const NOW = new Date('2026-03-04T03:00:00Z'); // a Wednesday in Tokyo
const USER_ID = randomUUID();
// 入札 is not among the exam's topics (any more): it keeps its slug as its name.
const BASIC = aCertificationCourseRow('line-ads-basic', 1, {
  title: 'LINE広告 Basic',
  exam: { questionCount: 3, minutes: 10, passPercent: 70, retakeWaitHours: 24, topics: { 配信: 3 }, topicNames: { 配信: '広告の配信' } },
});
const ADVANCED = aCertificationCourseRow('line-ads-advanced', 2, { title: 'LINE広告 Advanced' });
const LEARNING = { ...aCertificationCourseRow('line-ads-start', 3, { title: 'はじめての LINE広告' }), kind: 'learning' as const };

const single = (questionId: string, topic: string, prompt = `${questionId} の問題文`): FrozenQuestion => ({
  questionId,
  topic,
  type: 'single',
  prompt,
  choices: [
    { choiceId: 'c1', text: 'はい', correct: false },
    { choiceId: 'c2', text: 'いいえ', correct: true },
  ],
});
const multiple: FrozenQuestion = {
  questionId: 'q3',
  topic: '入札',
  type: 'multiple',
  prompt: 'あ'.repeat(100),
  choices: [
    { choiceId: 'c1', text: 'A', correct: true },
    { choiceId: 'c2', text: 'B', correct: false },
    { choiceId: 'c3', text: 'C', correct: true },
  ],
};
const QUESTIONS = [single('q1', '配信'), single('q2', '配信'), multiple];

let sessionNumber = 0;
const aSession = (startedAt: string, answers: Record<string, string[]>, overrides: Partial<typeof examSessions.$inferInsert> = {}) => ({
  id: randomUUID(),
  userId: USER_ID,
  courseId: BASIC.id,
  status: 'graded' as const,
  questions: QUESTIONS,
  answers,
  startedAt: new Date(startedAt),
  deadline: new Date(Date.parse(startedAt) + 3_600_000),
  passed: (sessionNumber += 1) % 2 === 0,
  streamVersion: 3,
  ...overrides,
});

describe('GetExamAnalyticsHandler', () => {
  let store: Awaited<ReturnType<typeof openPgliteStore>>;
  /** Sessions as grading leaves them: the graded ones with their outcomes, by grading's own rule. */
  const insertSessions = async (sessions: ReturnType<typeof aSession>[]) => {
    await store.db.insert(examSessions).values(sessions);
    const outcomes = sessions
      .filter((session) => session.status === 'graded')
      .flatMap((session) =>
        questionOutcomes(session.questions, session.answers).map((outcome) => ({ ...outcome, examSessionId: session.id, courseId: session.courseId, startedAt: session.startedAt })),
      );
    await store.db.insert(examQuestionOutcomes).values(outcomes);
  };
  const analytics = (query: Record<string, string> = {}) =>
    new GetExamAnalyticsHandler(store.connection).execute(new GetExamAnalyticsQuery(examAnalyticsQuerySchema.parse(query), NOW));

  // Opening PGlite and migrating it takes seconds on a busy machine.
  beforeAll(async () => {
    store = await openPgliteStore();
    await store.db.insert(users).values({ id: USER_ID, subject: 's' });
    await store.db.insert(courses).values([BASIC, ADVANCED, LEARNING]);
    await insertSessions([
      // 2026-03-01 23:30 Tokyo (a Sunday): all right, passed.
      aSession('2026-03-01T14:30:00Z', { q1: ['c2'], q2: ['c2'], q3: ['c3', 'c1'] }, { passed: true }),
      // 2026-03-02 00:30 Tokyo (the next Monday): q1 right, q2 unanswered, q3 half chosen; failed.
      aSession('2026-03-01T15:30:00Z', { q1: ['c2'], q3: ['c1'] }, { passed: false }),
      // Same day: q3 with a wrong extra choice, q2 wrong; failed.
      aSession('2026-03-02T01:00:00Z', { q1: ['c1'], q2: ['c1'], q3: ['c1', 'c2', 'c3'] }, { passed: false }),
      // Not counted: still running, before the range, another course filtered out below.
      aSession('2026-03-03T01:00:00Z', { q1: ['c1'] }, { status: 'running', passed: null }),
      aSession('2026-01-01T01:00:00Z', { q1: ['c1'] }, { passed: false }),
    ]);
    await store.db.insert(courseFeedback).values([
      { userId: USER_ID, courseId: BASIC.id, popupType: 'COURSE_COMPLETED_FIRST_TIME', score: 5, receivedAt: new Date('2026-03-02T00:00:00Z') },
      { userId: USER_ID, courseId: BASIC.id, popupType: 'COURSE_COMPLETED_GENERAL', score: 4, receivedAt: new Date('2026-03-02T00:00:00Z') },
      { userId: USER_ID, courseId: BASIC.id, popupType: 'COURSE_COMPLETED_ALL_COURSES_IN_A_CATEGORY', score: 4, receivedAt: new Date('2026-03-02T00:00:00Z') },
      { userId: USER_ID, courseId: LEARNING.id, popupType: 'COURSE_COMPLETED_FIRST_TIME', score: 2, receivedAt: new Date('2026-02-20T00:00:00Z') },
      { userId: USER_ID, courseId: ADVANCED.id, popupType: 'COURSE_COMPLETED_FIRST_TIME', score: 1, receivedAt: new Date('2025-01-01T00:00:00Z') },
    ]);
  }, 30_000);
  afterAll(() => store.connection.close());

  it('counts graded attempts by their Tokyo start day, with every day of the default 30 days present', async () => {
    const result = await analytics();
    expect(result).toMatchObject({ from: '2026-02-03', to: '2026-03-04', granularity: 'day' });
    const [basic, advanced] = result.courses;
    expect(basic).toMatchObject({ courseSlug: 'line-ads-basic', title: 'LINE広告 Basic', attempts: 3, passed: 1, passRate: 1 / 3 });
    expect(basic!.series).toHaveLength(30);
    expect(basic!.series.filter((period) => period.attempts > 0)).toEqual([
      { period: '2026-03-01', attempts: 1, passed: 1, passRate: 1 },
      { period: '2026-03-02', attempts: 2, passed: 0, passRate: 0 },
    ]);
    expect(basic!.series[0]).toEqual({ period: '2026-02-03', attempts: 0, passed: 0, passRate: null });
    expect(advanced).toMatchObject({ courseSlug: 'line-ads-advanced', attempts: 0, passed: 0, passRate: null });
    expect(advanced!.series.every((period) => period.attempts === 0 && period.passRate === null)).toBe(true);
  });

  it('puts a Sunday and the next Monday in different weeks', async () => {
    const { courses: [basic] } = await analytics({ from: '2026-02-25', to: '2026-03-04', granularity: 'week' });
    expect(basic!.series).toEqual([
      { period: '2026-02-23', attempts: 1, passed: 1, passRate: 1 },
      { period: '2026-03-02', attempts: 2, passed: 0, passRate: 0 },
    ]);
  });

  it('rates topics and questions: exactly the correct choices are right, unanswered is wrong', async () => {
    const result = await analytics();
    expect(result.topics).toEqual([
      { courseSlug: 'line-ads-basic', topic: '入札', topicName: '入札', answered: 3, correctRate: 1 / 3 },
      { courseSlug: 'line-ads-basic', topic: '配信', topicName: '広告の配信', answered: 6, correctRate: 3 / 6 },
    ]);
    expect(result.questions).toEqual([
      { courseSlug: 'line-ads-basic', questionId: 'q2', topic: '配信', topicName: '広告の配信', prompt: 'q2 の問題文', answered: 3, correctRate: 1 / 3 },
      { courseSlug: 'line-ads-basic', questionId: 'q3', topic: '入札', topicName: '入札', prompt: `${'あ'.repeat(79)}…`, answered: 3, correctRate: 1 / 3 },
      { courseSlug: 'line-ads-basic', questionId: 'q1', topic: '配信', topicName: '広告の配信', prompt: 'q1 の問題文', answered: 3, correctRate: 2 / 3 },
    ]);
  });

  it('averages the reviews received in the range per course, of any kind', async () => {
    expect((await analytics()).reviews).toEqual([
      { courseSlug: 'line-ads-basic', title: 'LINE広告 Basic', reviewCount: 3, averageScore: 4.33 },
      { courseSlug: 'line-ads-start', title: 'はじめての LINE広告', reviewCount: 1, averageScore: 2 },
    ]);
  });

  it('narrows everything to one course', async () => {
    const result = await analytics({ courseSlug: 'line-ads-advanced' });
    expect(result.courses.map((course) => course.courseSlug)).toEqual(['line-ads-advanced']);
    expect(result).toMatchObject({ topics: [], questions: [], reviews: [] });
    // A course the catalogue does not have is refused, the field named (the query only checks the slug's shape).
    await expect(analytics({ courseSlug: 'yahoo-ads-searchads-basic' })).rejects.toMatchObject({ code: 'VALIDATION_FAILED', field: 'courseSlug' });
  });

  it('rates a question across sessions that named its choices each in their own ids', async () => {
    const bank = [{ questionId: 'q9', topic: '計測', type: 'single' as const, prompt: '計測の問題', choices: [{ text: 'A', correct: false }, { text: 'B', correct: true }] }];
    const [right, wrong] = [drawQuestions(bank, { 計測: 1 }, Math.random), drawQuestions(bank, { 計測: 1 }, Math.random)];
    const pick = (frozen: FrozenQuestion[], correct: boolean) => ({ q9: [frozen[0]!.choices.find((choice) => choice.correct === correct)!.choiceId] });
    await insertSessions([
      aSession('2026-03-03T02:00:00Z', pick(right!, true), { courseId: ADVANCED.id, questions: right! }),
      aSession('2026-03-03T03:00:00Z', pick(wrong!, false), { courseId: ADVANCED.id, questions: wrong! }),
    ]);
    expect(pick(right!, true).q9).not.toEqual(pick(wrong!, true).q9);
    const result = await analytics({ courseSlug: 'line-ads-advanced' });
    expect(result.questions).toEqual([{ courseSlug: 'line-ads-advanced', questionId: 'q9', topic: '計測', topicName: '計測', prompt: '計測の問題', answered: 2, correctRate: 1 / 2 }]);
  });
});
