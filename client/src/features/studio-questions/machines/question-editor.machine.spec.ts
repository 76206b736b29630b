import type { BankQuestion, QuestionFields } from '@campus/contracts/studio-questions';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../../lib/api-client';
import { CONFLICT_MESSAGE, markedCorrect, questionEditorMachine, withType, type Move } from './question-editor.machine';

const versionOf = (version: number, overrides: Partial<BankQuestion> = {}): BankQuestion => ({
  questionId: 'q-1',
  version,
  status: 'published',
  publishedVersion: version,
  topic: 'basics',
  type: 'single',
  prompt: `第 ${version} 版の問題文`,
  choices: [
    { text: 'A', correct: true },
    { text: 'B', correct: false },
  ],
  explanation: '解説',
  difficulty: null,
  editedAt: '2026-11-28T00:00:00.000Z',
  editedByName: '管理 花子',
  ...overrides,
});

interface Fakes {
  versions?: BankQuestion[];
  save?: (input: { version: number; form: QuestionFields }) => Promise<BankQuestion>;
  move?: (input: { version: number; to: Move }) => Promise<BankQuestion>;
}

function start(questionId: string | null, fakes: Fakes = {}) {
  const saved: { questionId: string | null; version: number; form: QuestionFields }[] = [];
  const moves: { version: number; to: Move }[] = [];
  const logic = questionEditorMachine.provide({
    actors: {
      load: fromPromise(() =>
        Promise.resolve({ courseTitle: 'LINE広告 Basic', topics: [{ slug: 'basics', name: '基本' }, { slug: 'targeting', name: 'ターゲティング' }], versions: fakes.versions ?? [] }),
      ),
      history: fromPromise(() => Promise.resolve(fakes.versions ?? [])),
      save: fromPromise<BankQuestion, { courseSlug: string; questionId: string | null; version: number; form: QuestionFields }>(({ input }) => {
        saved.push({ questionId: input.questionId, version: input.version, form: input.form });
        return fakes.save?.(input) ?? Promise.resolve(versionOf(input.version + 1, { ...input.form, questionId: input.questionId ?? 'q-new', status: 'draft', publishedVersion: null }));
      }),
      move: fromPromise<BankQuestion, { courseSlug: string; questionId: string; version: number; to: Move }>(({ input }) => {
        moves.push({ version: input.version, to: input.to });
        return fakes.move?.(input) ?? Promise.resolve(versionOf(input.version + 1, { questionId: input.questionId, status: input.to }));
      }),
    },
  });
  const actor = createActor(logic, { input: { courseSlug: 'line-ads-basic', questionId } }).start();
  return { actor, saved, moves };
}

const stale = (current: BankQuestion) => new ApiError({ message: CONFLICT_MESSAGE, status: 409, code: 'STALE_VERSION', current });

describe('the question editor', () => {
  it('starts a new question blank on the first topic, saves it as version 0 → 1, and then publishes that version', async () => {
    const { actor, saved, moves } = start(null);
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    expect(actor.getSnapshot().context.form).toMatchObject({ topic: 'basics', type: 'single', prompt: '' });
    actor.send({ type: 'EDIT', field: 'prompt', value: '新しい問題文' });
    actor.send({ type: 'CHOICE_TEXT', index: 0, text: '正解' });
    actor.send({ type: 'MOVE', to: 'published' });
    await waitFor(actor, (snapshot) => snapshot.matches('editing') && snapshot.context.status === 'published');
    expect(saved).toEqual([expect.objectContaining({ questionId: null, version: 0 })]);
    expect(moves).toEqual([{ version: 1, to: 'published' }]);
    expect(actor.getSnapshot().context).toMatchObject({ questionId: 'q-new', version: 2, notice: '公開しました。次の試験から出題されます。' });
  });

  it('on 409 shows 「他の管理者が先に更新しました」 with the newer version, keeps the admin’s text, and loads the newer one on RELOAD', async () => {
    const newer = versionOf(4, { status: 'draft', prompt: '他の管理者の問題文', editedByName: '管理 次郎' });
    const { actor, saved } = start('q-1', { versions: [versionOf(3)], save: () => Promise.reject(stale(newer)) });
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    actor.send({ type: 'EDIT', field: 'prompt', value: '自分の問題文' });
    actor.send({ type: 'SAVE' });
    await waitFor(actor, (snapshot) => snapshot.matches('conflict'));
    expect(saved[0]!.version).toBe(3);
    expect(actor.getSnapshot().context).toMatchObject({ formError: '他の管理者が先に更新しました', newer: { version: 4, prompt: '他の管理者の問題文' } });
    expect(actor.getSnapshot().context.form.prompt).toBe('自分の問題文');
    // No edits while the conflict is open: it must be resolved first.
    actor.send({ type: 'EDIT', field: 'prompt', value: '無視される' });
    expect(actor.getSnapshot().context.form.prompt).toBe('自分の問題文');
    actor.send({ type: 'RELOAD' });
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    expect(actor.getSnapshot().context).toMatchObject({ version: 4, status: 'draft', dirty: false, newer: null, formError: null, form: { prompt: '他の管理者の問題文' } });
  });

  it('can keep the admin’s own text after a conflict: the next save is based on the newer version', async () => {
    const newer = versionOf(4, { status: 'draft', prompt: '他の管理者の問題文' });
    let refuse = true;
    const { actor, saved } = start('q-1', {
      versions: [versionOf(3)],
      save: (input) => (refuse ? ((refuse = false), Promise.reject(stale(newer))) : Promise.resolve(versionOf(input.version + 1, { ...input.form, status: 'draft' }))),
    });
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    actor.send({ type: 'EDIT', field: 'prompt', value: '自分の問題文' });
    actor.send({ type: 'SAVE' });
    await waitFor(actor, (snapshot) => snapshot.matches('conflict'));
    actor.send({ type: 'KEEP_MINE' });
    expect(actor.getSnapshot().context).toMatchObject({ version: 4, dirty: true, form: { prompt: '自分の問題文' } });
    actor.send({ type: 'SAVE' });
    await waitFor(actor, (snapshot) => snapshot.matches('editing') && !snapshot.context.dirty);
    expect(saved.map((entry) => entry.version)).toEqual([3, 4]);
    expect(actor.getSnapshot().context).toMatchObject({ version: 5, notice: '第 5 版を下書きとして保存しました。' });
  });

  it('a stale publish is a conflict too, and a validation refusal lands on its field', async () => {
    const { actor } = start('q-1', {
      versions: [versionOf(2, { status: 'draft', publishedVersion: 1 })],
      move: () => Promise.reject(stale(versionOf(3, { status: 'retired' }))),
    });
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    actor.send({ type: 'MOVE', to: 'published' });
    await waitFor(actor, (snapshot) => snapshot.matches('conflict'));
    expect(actor.getSnapshot().context.newer).toMatchObject({ version: 3, status: 'retired' });

    const refused = start('q-1', {
      versions: [versionOf(2)],
      save: () => Promise.reject(new ApiError({ message: '正解の選択肢を 1 つ選んでください', status: 400, code: 'VALIDATION_FAILED', field: 'question.choices' })),
    });
    await waitFor(refused.actor, (snapshot) => snapshot.matches('editing'));
    refused.actor.send({ type: 'SAVE' });
    await waitFor(refused.actor, (snapshot) => snapshot.context.formError !== null);
    expect(refused.actor.getSnapshot().value).toBe('editing');
    expect(refused.actor.getSnapshot().context.errors).toEqual({ choices: '正解の選択肢を 1 つ選んでください' });
  });

  it('keeps 2–6 choices and one right answer in single mode', async () => {
    const { actor } = start(null);
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    for (let index = 0; index < 5; index += 1) actor.send({ type: 'CHOICE_ADD' });
    expect(actor.getSnapshot().context.form.choices).toHaveLength(6);
    for (let index = 0; index < 6; index += 1) actor.send({ type: 'CHOICE_REMOVE', index: 0 });
    expect(actor.getSnapshot().context.form.choices).toHaveLength(2);
    const single: QuestionFields = { topic: 't', type: 'single', prompt: 'p', explanation: 'e', difficulty: null, choices: [{ text: 'A', correct: true }, { text: 'B', correct: false }, { text: 'C', correct: false }] };
    expect(markedCorrect(single, 2, true).map((choice) => choice.correct)).toEqual([false, false, true]);
    const multiple = { ...single, type: 'multiple' as const };
    expect(markedCorrect(multiple, 2, true).map((choice) => choice.correct)).toEqual([true, false, true]);
    expect(withType({ ...multiple, choices: markedCorrect(multiple, 2, true) }, 'single').choices.map((choice) => choice.correct)).toEqual([true, false, false]);
  });
});
