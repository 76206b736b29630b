import type { LessonQuestionnaireRequest } from '@campus/contracts/lessons';
import { createActor, fromPromise, waitFor } from 'xstate';
import { setAnalyticsAdapter, type AnalyticsGoal } from '../../../lib/analytics';
import { deferred } from '../../../test/deferred';
import type { QuestionnaireReceipt } from '../api/post-lesson-questionnaire';
import type { LessonAddress } from '../lesson-address';
import { lessonQuestionnaireMachine, questionnaireGoal, selectCommentTooLong, selectQuestionnairePhase } from './lesson-questionnaire.machine';

function setUp(address: LessonAddress = { courseKind: 'learning', courseSlug: 'oa-basics', lessonSlug: 'rich-menu' }) {
  const sends: { input: LessonQuestionnaireRequest; answer: ReturnType<typeof deferred<QuestionnaireReceipt>> }[] = [];
  const logic = lessonQuestionnaireMachine.provide({
    actors: {
      sendAnswers: fromPromise<QuestionnaireReceipt, LessonQuestionnaireRequest>(({ input }) => {
        const answer = deferred<QuestionnaireReceipt>();
        sends.push({ input, answer });
        return answer.promise;
      }),
    },
  });
  const actor = createActor(logic, { input: address }).start();
  return { actor, sends };
}

const phase = (actor: ReturnType<typeof setUp>['actor']) => selectQuestionnairePhase(actor.getSnapshot());

describe('lessonQuestionnaireMachine', () => {
  const goals: AnalyticsGoal[] = [];
  let restore: () => void;
  beforeEach(() => {
    goals.length = 0;
    restore = setAnalyticsAdapter({ event: () => {}, goal: (goal) => goals.push(goal), pageView: () => {} });
  });
  afterEach(() => restore());

  it('sends nothing before はい or いいえ', () => {
    const { actor, sends } = setUp();
    actor.send({ type: 'SEND' });
    expect(phase(actor)).toBe('asking');
    expect(sends).toHaveLength(0);
  });

  it('sends the last answer with the trimmed comment, then thanks and counts the goal once', async () => {
    const { actor, sends } = setUp();
    actor.send({ type: 'ANSWER', useful: false });
    expect(phase(actor)).toBe('commenting');
    actor.send({ type: 'ANSWER', useful: true });
    actor.send({ type: 'EDIT', comment: ' 図が分かりやすかったです。 ' });
    actor.send({ type: 'SEND' });

    expect(phase(actor)).toBe('sending');
    expect(sends.map((send) => send.input)).toEqual([
      { courseKind: 'learning', courseSlug: 'oa-basics', lessonSlug: 'rich-menu', answers: { useful: true, comment: '図が分かりやすかったです。' } },
    ]);
    expect(goals).toEqual([]);

    sends[0]!.answer.resolve({ receivedAt: '2026-11-22T01:00:00.000Z' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(phase(actor)).toBe('thanked');
    expect(goals).toEqual(['lessonUseful']);
  });

  it('leaves a blank comment out', () => {
    const { actor, sends } = setUp();
    actor.send({ type: 'ANSWER', useful: false });
    actor.send({ type: 'EDIT', comment: '  ' });
    actor.send({ type: 'SEND' });
    expect(sends[0]!.input.answers).toEqual({ useful: false });
  });

  it('refuses a comment over 1000 characters', () => {
    const { actor, sends } = setUp();
    actor.send({ type: 'ANSWER', useful: true });
    actor.send({ type: 'EDIT', comment: 'あ'.repeat(1001) });
    expect(selectCommentTooLong(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'SEND' });
    expect(sends).toHaveLength(0);

    actor.send({ type: 'EDIT', comment: 'あ'.repeat(1000) });
    expect(selectCommentTooLong(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'SEND' });
    expect(sends).toHaveLength(1);
  });

  it('keeps the answer and the comment when sending fails', async () => {
    const { actor, sends } = setUp();
    actor.send({ type: 'ANSWER', useful: false });
    actor.send({ type: 'EDIT', comment: '長すぎました' });
    actor.send({ type: 'SEND' });
    sends[0]!.answer.reject(new Error('offline'));

    await waitFor(actor, (snapshot) => snapshot.matches('commenting'));
    expect(actor.getSnapshot().context).toMatchObject({ useful: false, comment: '長すぎました' });
    expect(goals).toEqual([]);
  });

  it('counts the certification goals on certification lessons', async () => {
    const { actor, sends } = setUp({ courseKind: 'certification', courseSlug: 'line-ads-basic', lessonSlug: 'targeting' });
    actor.send({ type: 'ANSWER', useful: false });
    actor.send({ type: 'SEND' });
    sends[0]!.answer.resolve({ receivedAt: 'now' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(goals).toEqual(['certificationLessonUnuseful']);
  });

  it.each([
    ['learning', true, 'lessonUseful'],
    ['seminar', false, 'lessonUnuseful'],
    ['video', true, 'lessonUseful'],
    ['certification', true, 'certificationLessonUseful'],
    ['certification', false, 'certificationLessonUnuseful'],
  ] as const)('chooses the goal for a %s lesson rated useful=%s: %s', (kind, useful, goal) => {
    expect(questionnaireGoal(kind, useful)).toBe(goal);
  });
});
