import type { ExamSessionRepository } from '../../exam-session.repository';
import { AnswerSheets } from './answer-sheets';

const sheet = { userId: 'owner', deadline: new Date('2026-11-28T10:00:00Z'), questions: [{ questionId: 'q1', type: 'single' as const, choices: [{ choiceId: 'a' }] }] };

/** A repository answering from `reads`, one outcome per call, counting its reads. */
function repositoryAnswering(...reads: (typeof sheet | null | Error)[]) {
  const calls: string[] = [];
  const repository = {
    readAnswerSheet: async (examSessionId: string) => {
      calls.push(examSessionId);
      const next = reads.shift();
      if (next instanceof Error) throw next;
      return next ?? null;
    },
  } as unknown as ExamSessionRepository;
  return { repository, calls };
}

describe('AnswerSheets', () => {
  it('reads a session once, and answers its owner only', async () => {
    const { repository, calls } = repositoryAnswering(sheet);
    const sheets = new AnswerSheets(repository);
    await expect(Promise.all([sheets.of('s1', 'owner'), sheets.of('s1', 'owner')])).resolves.toEqual([sheet, sheet]);
    await expect(sheets.of('s1', 'stranger')).resolves.toBeNull();
    expect(calls).toEqual(['s1']);
  });

  it('keeps neither an unknown session nor a failed read: the next save reads again', async () => {
    const { repository, calls } = repositoryAnswering(null, new Error('connection lost'), sheet);
    const sheets = new AnswerSheets(repository);
    await expect(sheets.of('s1', 'owner')).resolves.toBeNull();
    await expect(sheets.of('s1', 'owner')).rejects.toThrow('connection lost');
    await expect(sheets.of('s1', 'owner')).resolves.toEqual(sheet);
    expect(calls).toEqual(['s1', 's1', 's1']);
  });
});
