import { eq } from 'drizzle-orm';
import { examSessions } from '../../certification.schema';
import { aCourseWithBank, aLearner, examSessionsOf, metaOf, sessionRow, startExam, startExamHandler, streamOf } from '../../../../testing/exam-fixtures';
import { openPgliteStore } from '../../../../testing/pglite-store';
import type { Answers } from '../../domain/exam-session';
import { SaveAnswerCommand } from '../save-answer/save-answer.command';
import { AnswerSaveBatches } from '../save-answer/answer-save-batches';
import { AnswerSheets } from '../save-answer/answer-sheets';
import { SaveAnswerHandler } from '../save-answer/save-answer.handler';
import type { StartExamHandler } from '../start-exam/start-exam.handler';
import { SubmitExamCommand } from './submit-exam.command';
import { SUBMIT_TIMED_OUT_MESSAGE } from '../../domain/exam-session-aggregate';
import { SubmitExamHandler } from './submit-exam.handler';

describe('SubmitExamHandler (on PGlite)', () => {
  let store: Awaited<ReturnType<typeof openPgliteStore>>;
  let starter: StartExamHandler;
  let saver: SaveAnswerHandler;
  let handler: SubmitExamHandler;

  async function running() {
    const userId = await aLearner(store);
    const { examSessionId } = await startExam(starter, userId, 'line-ads-basic');
    const { questions } = await sessionRow(store, examSessionId);
    return { userId, examSessionId, questions };
  }
  const submit = (userId: string, examSessionId: string, answers: Answers = {}) => handler.execute(new SubmitExamCommand(userId, examSessionId, answers, metaOf(userId)));
  const setDeadline = (examSessionId: string, deadline: Date) => store.db.update(examSessions).set({ deadline }).where(eq(examSessions.id, examSessionId));

  beforeAll(async () => {
    store = await openPgliteStore();
    await aCourseWithBank(store, 'line-ads-basic', 1);
    starter = startExamHandler(store);
    saver = new SaveAnswerHandler(new AnswerSheets(examSessionsOf(store)), new AnswerSaveBatches(examSessionsOf(store)), examSessionsOf(store), store.eventStore);
    handler = new SubmitExamHandler(examSessionsOf(store), store.eventStore);
  });
  afterAll(() => store.connection.close());

  it('ends the attempt with the saved answers and the ones still queued, and records ExamSubmitted', async () => {
    const { userId, examSessionId, questions } = await running();
    const [saved, queued] = questions;
    await saver.execute(new SaveAnswerCommand(userId, examSessionId, saved!.questionId, [saved!.choices[0]!.choiceId], metaOf(userId)));

    const before = Date.now();
    const submission = await submit(userId, examSessionId, { [queued!.questionId]: [queued!.choices[1]!.choiceId] });

    expect(submission).toMatchObject({ examSessionId, status: 'submitted' });
    expect(Date.parse(submission.finishedAt)).toBeGreaterThanOrEqual(before);
    const row = await sessionRow(store, examSessionId);
    expect(row).toMatchObject({
      status: 'submitted',
      answers: { [saved!.questionId]: [saved!.choices[0]!.choiceId], [queued!.questionId]: [queued!.choices[1]!.choiceId] },
      streamVersion: 3,
    });
    expect(row.finishedAt?.toISOString()).toBe(submission.finishedAt);
    expect((await streamOf(store, examSessionId)).at(-1)).toEqual({ type: 'ExamSubmitted', version: 3, data: { finishedAt: submission.finishedAt, answeredCount: 2 } });
  });

  it('answers a repeat with the same submission and writes nothing more (idempotent)', async () => {
    const { userId, examSessionId } = await running();
    const first = await submit(userId, examSessionId);
    const again = await submit(userId, examSessionId, {});
    expect(again).toEqual(first);
    expect((await streamOf(store, examSessionId)).map((event) => event.type)).toEqual(['ExamStarted', 'ExamSubmitted']);
  });

  it('takes a submit within the grace after the deadline, finished at the deadline', async () => {
    const { userId, examSessionId } = await running();
    const deadline = new Date(Date.now() - 2_000);
    await setDeadline(examSessionId, deadline);
    await expect(submit(userId, examSessionId)).resolves.toEqual({ examSessionId, status: 'submitted', finishedAt: deadline.toISOString() });
  });

  it('refuses a submit after the deadline and its grace (EXAM_TIME_OVER with the spec message); the session stays for the finaliser', async () => {
    const { userId, examSessionId } = await running();
    await setDeadline(examSessionId, new Date(Date.now() - 10_000));
    await expect(submit(userId, examSessionId)).rejects.toMatchObject({ code: 'EXAM_TIME_OVER', status: 400, message: SUBMIT_TIMED_OUT_MESSAGE });
    expect((await sessionRow(store, examSessionId)).status).toBe('running');
    expect(await streamOf(store, examSessionId)).toHaveLength(1);
  });

  type Frozen = Awaited<ReturnType<typeof running>>['questions'];
  const singleOf = (questions: Frozen) => questions.find((question) => question.type === 'single')!;
  it.each([
    ['a question not in the session', (questions: Frozen) => ({ questionId: 'q-unknown', choiceIds: [questions[0]!.choices[0]!.choiceId] })],
    ['a choice of another question', (questions: Frozen) => ({ questionId: questions[0]!.questionId, choiceIds: [questions[1]!.choices[0]!.choiceId] })],
    ['two choices for a single-choice question', (questions: Frozen) => ({ questionId: singleOf(questions).questionId, choiceIds: singleOf(questions).choices.slice(0, 2).map((choice) => choice.choiceId) })],
  ])('refuses queued answers with %s: 400 VALIDATION_FAILED naming answers and the question, nothing written', async (_, wrong) => {
    const { userId, examSessionId, questions } = await running();
    const { questionId, choiceIds } = wrong(questions);

    await expect(submit(userId, examSessionId, { [questionId]: choiceIds })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      status: 400,
      field: 'answers',
      message: `解答が問題と合いません: ${questionId}`,
    });
    expect(await sessionRow(store, examSessionId)).toMatchObject({ status: 'running', answers: {}, streamVersion: 1 });
  });

  it('answers 404 for another learner’s session, which stays running', async () => {
    const { examSessionId } = await running();
    const stranger = await aLearner(store);
    await expect(submit(stranger, examSessionId)).rejects.toMatchObject({ code: 'NOT_FOUND', status: 404 });
    expect((await sessionRow(store, examSessionId)).status).toBe('running');
  });
});
