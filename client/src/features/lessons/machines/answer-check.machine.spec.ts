import { createActor } from 'xstate';
import { setAnalyticsAdapter } from '../../../lib/analytics';
import { answerCheckMachine, selectCanCheck, selectResult, selectSelected } from './answer-check.machine';

const start = (answer = 1) => createActor(answerCheckMachine, { input: { answer, label: '確認問題 1' } }).start();

describe('answerCheckMachine', () => {
  const events: { name: string; params: Record<string, unknown> }[] = [];
  let restore: () => void;
  beforeEach(() => {
    events.length = 0;
    restore = setAnalyticsAdapter({ event: (name, params) => events.push({ name, params }), goal: () => {}, pageView: () => {} });
  });
  afterEach(() => restore());

  it('cannot be checked before a choice is picked', () => {
    const actor = start();
    expect(selectCanCheck(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'CHECK' });
    expect(selectResult(actor.getSnapshot())).toBe('unanswered');
    expect(events).toEqual([]);
  });

  it('says 正解 for the right choice, keeping the latest pick', () => {
    const actor = start(1);
    actor.send({ type: 'SELECT', index: 0 });
    actor.send({ type: 'SELECT', index: 1 });
    expect(selectCanCheck(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'CHECK' });
    expect(selectResult(actor.getSnapshot())).toBe('correct');
    expect(selectSelected(actor.getSnapshot())).toBe(1);
    expect(events).toEqual([{ name: 'lesson_answer_check', params: { check: '確認問題 1', correct: true } }]);
  });

  it('says 不正解 for another choice and ignores new picks until 「もう一度」', () => {
    const actor = start(2);
    actor.send({ type: 'SELECT', index: 0 });
    actor.send({ type: 'CHECK' });
    expect(selectResult(actor.getSnapshot())).toBe('incorrect');

    actor.send({ type: 'SELECT', index: 2 });
    expect(selectSelected(actor.getSnapshot())).toBe(0);
    expect(selectResult(actor.getSnapshot())).toBe('incorrect');
    expect(events.map((event) => event.params.correct)).toEqual([false]);
  });

  it('starts over with nothing picked after 「もう一度」', () => {
    const actor = start(2);
    actor.send({ type: 'SELECT', index: 0 });
    actor.send({ type: 'CHECK' });
    actor.send({ type: 'RETRY' });

    expect(selectResult(actor.getSnapshot())).toBe('unanswered');
    expect(selectSelected(actor.getSnapshot())).toBeNull();
    expect(selectCanCheck(actor.getSnapshot())).toBe(false);

    actor.send({ type: 'SELECT', index: 2 });
    actor.send({ type: 'CHECK' });
    expect(selectResult(actor.getSnapshot())).toBe('correct');
  });
});
