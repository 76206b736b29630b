import { AnswerSaved } from '../../events';
import type { AnswerToSave, ExamSessionRepository } from '../../exam-session.repository';
import { AnswerSaveBatches } from './answer-save-batches';

/** A repository whose statements finish when the test says: each call is kept with its saves. */
function slowRepository() {
  const calls: { saves: readonly AnswerToSave[]; finish(held?: boolean[]): void; fail(error: Error): void }[] = [];
  const repository = {
    saveAnswersAlone: (saves: readonly AnswerToSave[]) =>
      new Promise<boolean[]>((resolve, reject) => calls.push({ saves, finish: (held = saves.map(() => true)) => resolve(held), fail: reject })),
  } as unknown as ExamSessionRepository;
  return { repository, calls };
}

const save = (examSessionId: string, questionId = 'q1'): AnswerToSave => ({
  meta: { actorId: 'u', requestId: null, correlationId: 'c', causationId: null },
  examSessionId,
  userId: 'u',
  answer: new AnswerSaved({ questionId, choiceIds: ['a'], savedAt: new Date().toISOString() }),
});
const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('AnswerSaveBatches', () => {
  it('sends a save at once while few statements run, and gathers those arriving meanwhile into the next, one per session in order', async () => {
    const { repository, calls } = slowRepository();
    const batches = new AnswerSaveBatches(repository);
    const first = [batches.save(save('s1')), batches.save(save('s2'))];
    expect(calls.map((call) => call.saves.length)).toEqual([1, 1]);

    const waiting = [batches.save(save('s3')), batches.save(save('s4')), batches.save(save('s3', 'q2'))];
    expect(calls).toHaveLength(2);
    calls[0]!.finish();
    await settled();
    // s3's second answer waits for a later statement than its first.
    expect(calls[2]!.saves.map((entry) => entry.examSessionId)).toEqual(['s3', 's4']);
    calls[2]!.finish([true, false]);
    await settled();
    expect(calls[3]!.saves.map((entry) => entry.answer.data.questionId)).toEqual(['q2']);
    calls[1]!.finish();
    calls[3]!.finish();
    await expect(Promise.all([...first, ...waiting])).resolves.toEqual([true, true, true, false, true]);
  });

  it('fails every save of a failed statement, and only those', async () => {
    const { repository, calls } = slowRepository();
    const batches = new AnswerSaveBatches(repository);
    const failing = batches.save(save('s1'));
    const fine = batches.save(save('s2'));
    calls[0]!.fail(new Error('connection lost'));
    calls[1]!.finish();
    await expect(failing).rejects.toThrow('connection lost');
    await expect(fine).resolves.toBe(true);
  });
});
