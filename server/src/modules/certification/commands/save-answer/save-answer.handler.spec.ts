import { eq } from 'drizzle-orm';
import { examSessions } from '../../certification.schema';
import { aCourseWithBank, aLearner, examSessionsOf, metaOf, sessionRow, startExam, startExamHandler, streamOf } from '../../../../testing/exam-fixtures';
import { openPgliteStore } from '../../../../testing/pglite-store';
import type { FrozenQuestion } from '../../certification.schema';
import type { StartExamHandler } from '../start-exam/start-exam.handler';
import { SaveAnswerCommand } from './save-answer.command';
import { SaveAnswerHandler } from './save-answer.handler';
import { AnswerSaveBatches } from './answer-save-batches';
import { AnswerSheets } from './answer-sheets';
import { ExamSessionRepository } from '../../exam-session.repository';

describe('SaveAnswerHandler (on PGlite)', () => {
  let store: Awaited<ReturnType<typeof openPgliteStore>>;
  let starter: StartExamHandler;
  let handler: SaveAnswerHandler;

  /** A learner's running session and its frozen questions, one of each type at hand. */
  async function running() {
    const userId = await aLearner(store);
    const { examSessionId } = await startExam(starter, userId, 'line-ads-basic');
    const { questions } = await sessionRow(store, examSessionId);
    const single = questions.find((question) => question.type === 'single')!;
    const multiple = questions.find((question) => question.type === 'multiple')!;
    return { userId, examSessionId, questions, single, multiple };
  }
  const ids = (question: FrozenQuestion) => question.choices.map((choice) => choice.choiceId);
  const save = (userId: string, examSessionId: string, questionId: string, choiceIds: string[]) =>
    handler.execute(new SaveAnswerCommand(userId, examSessionId, questionId, choiceIds, metaOf(userId)));
  const setDeadline = (examSessionId: string, deadline: Date) => store.db.update(examSessions).set({ deadline }).where(eq(examSessions.id, examSessionId));

  beforeAll(async () => {
    store = await openPgliteStore();
    await aCourseWithBank(store, 'line-ads-basic', 1);
    starter = startExamHandler(store);
    const sessions = examSessionsOf(store);
    handler = new SaveAnswerHandler(new AnswerSheets(sessions), new AnswerSaveBatches(sessions), sessions, store.eventStore);
  });
  afterAll(() => store.connection.close());
  afterEach(() => jest.restoreAllMocks());

  it('saves in one statement, without a transaction: the answer, the next stream version and AnswerSaved; the session row is read once', async () => {
    const { userId, examSessionId, single, multiple } = await running();
    const oneStatement = jest.spyOn(store.eventStore, 'appendGated');
    const transaction = jest.spyOn(store.eventStore, 'commit');
    const sheetReads = jest.spyOn(ExamSessionRepository.prototype, 'readAnswerSheet');

    const saved = await save(userId, examSessionId, single.questionId, [ids(single)[1]!]);
    await save(userId, examSessionId, multiple.questionId, [ids(multiple)[0]!]);

    expect(oneStatement).toHaveBeenCalledTimes(2);
    expect(transaction).not.toHaveBeenCalled();
    expect(sheetReads).toHaveBeenCalledTimes(1);
    expect(Date.parse(saved.savedAt)).not.toBeNaN();
    expect(await sessionRow(store, examSessionId)).toMatchObject({ answers: { [single.questionId]: [ids(single)[1]], [multiple.questionId]: [ids(multiple)[0]] }, streamVersion: 3 });
    expect((await streamOf(store, examSessionId)).slice(1)).toEqual([
      { type: 'AnswerSaved', version: 2, data: { questionId: single.questionId, choiceIds: [ids(single)[1]], savedAt: saved.savedAt } },
      { type: 'AnswerSaved', version: 3, data: expect.objectContaining({ questionId: multiple.questionId }) },
    ]);
  });

  it('keeps every one of many saves of one session sent at once, each at its own version, none retried in a transaction', async () => {
    const { userId, examSessionId, questions } = await running();
    const transaction = jest.spyOn(store.eventStore, 'commit');

    await Promise.all(questions.map((question) => save(userId, examSessionId, question.questionId, [ids(question)[0]!])));

    expect(transaction).not.toHaveBeenCalled();
    const row = await sessionRow(store, examSessionId);
    expect(row.answers).toEqual(Object.fromEntries(questions.map((question) => [question.questionId, [ids(question)[0]]])));
    expect(row.streamVersion).toBe(questions.length + 1);
    expect((await streamOf(store, examSessionId)).map((event) => event.version)).toEqual(Array.from({ length: questions.length + 1 }, (_, index) => index + 1));
  });

  it('refuses on the locked path when the session was submitted after its sheet was read (EXAM_TIME_OVER), writing nothing', async () => {
    const { userId, examSessionId, single } = await running();
    const realAppend = store.eventStore.appendGated.bind(store.eventStore);
    jest.spyOn(store.eventStore, 'appendGated').mockImplementationOnce(async (...args) => {
      await store.db.update(examSessions).set({ status: 'submitted', finishedAt: new Date(), streamVersion: 2 }).where(eq(examSessions.id, examSessionId));
      return realAppend(...args);
    });

    await expect(save(userId, examSessionId, single.questionId, [ids(single)[0]!])).rejects.toMatchObject({ code: 'EXAM_TIME_OVER', status: 400 });
    expect((await sessionRow(store, examSessionId)).answers).toEqual({});
    expect(await streamOf(store, examSessionId)).toHaveLength(1);
  });

  it('takes a save within the grace after the deadline and refuses one after it (EXAM_TIME_OVER)', async () => {
    // A deadline is fixed at the start (and kept with the sheet): one session per deadline.
    const inGrace = await running();
    await setDeadline(inGrace.examSessionId, new Date(Date.now() - 2_000));
    await expect(save(inGrace.userId, inGrace.examSessionId, inGrace.single.questionId, [ids(inGrace.single)[0]!])).resolves.toHaveProperty('savedAt');

    const { userId, examSessionId, single } = await running();
    await setDeadline(examSessionId, new Date(Date.now() - 10_000));
    await expect(save(userId, examSessionId, single.questionId, [ids(single)[1]!])).rejects.toMatchObject({
      code: 'EXAM_TIME_OVER',
      status: 400,
      message: '試験の終了時刻を過ぎたため、解答を保存できませんでした。',
    });
    expect((await sessionRow(store, inGrace.examSessionId)).answers).toEqual({ [inGrace.single.questionId]: [ids(inGrace.single)[0]] });
    expect((await sessionRow(store, examSessionId)).answers).toEqual({});
  });

  it('answers 404 for a question not in the session and for another learner’s session', async () => {
    const { userId, examSessionId, single } = await running();
    await expect(save(userId, examSessionId, 'q-unknown', [ids(single)[0]!])).rejects.toMatchObject({ code: 'NOT_FOUND', status: 404 });
    const stranger = await aLearner(store);
    await expect(save(stranger, examSessionId, single.questionId, [ids(single)[0]!])).rejects.toMatchObject({ code: 'NOT_FOUND', status: 404 });
    // Also once the owner's save has kept the session's sheet in memory.
    await save(userId, examSessionId, single.questionId, [ids(single)[0]!]);
    await expect(save(stranger, examSessionId, single.questionId, [ids(single)[1]!])).rejects.toMatchObject({ code: 'NOT_FOUND', status: 404 });
    await expect(save(userId, crypto.randomUUID(), single.questionId, [ids(single)[0]!])).rejects.toMatchObject({ code: 'NOT_FOUND', status: 404 });
    expect(await streamOf(store, examSessionId)).toHaveLength(2);
  });

  it.each([
    ['a choice of another question', 'other'],
    ['a bank choice id instead of the session’s', 'bank'],
    ['two choices for a single-choice question', 'two'],
  ] as const)('refuses %s: 400 VALIDATION_FAILED naming choiceIds, nothing written', async (_, kind) => {
    const { userId, examSessionId, single, multiple } = await running();
    const choiceIds = { other: [ids(multiple)[0]!], bank: ['c1'], two: ids(single).slice(0, 2) }[kind];
    await expect(save(userId, examSessionId, single.questionId, choiceIds)).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      status: 400,
      field: 'choiceIds',
      message: 'この問題の選択肢から選んでください',
    });
    expect(await streamOf(store, examSessionId)).toHaveLength(1);
  });

  it('keeps a multiple-choice answer without repeats, and an empty answer as cleared', async () => {
    const { userId, examSessionId, multiple } = await running();
    const [first, second] = ids(multiple);
    await save(userId, examSessionId, multiple.questionId, [first!, second!, first!]);
    expect((await sessionRow(store, examSessionId)).answers).toEqual({ [multiple.questionId]: [first, second] });
    await save(userId, examSessionId, multiple.questionId, []);
    expect((await sessionRow(store, examSessionId)).answers).toEqual({ [multiple.questionId]: [] });
  });
});
