import type { ExamBlueprint, QuestionBank } from '@campus/contracts/studio-questions';
import { createActor, fromPromise, waitFor } from 'xstate';
import { blueprintMachine, newTopicProblem } from './blueprint.machine';

const NEW_COURSE: QuestionBank = {
  courseSlug: 'studio-made-exam',
  courseTitle: 'スタジオ認定',
  courseVersion: 1,
  blueprint: { questionCount: 0, minutes: 30, passPercent: 70, retakeWaitHours: 24, topics: {}, topicNames: {}, badgeValidMonths: 12 },
  publishedByTopic: {},
  questions: [],
};

function start() {
  const saved: ExamBlueprint[] = [];
  const logic = blueprintMachine.provide({
    actors: {
      load: fromPromise<QuestionBank, { courseSlug: string }>(() => Promise.resolve(NEW_COURSE)),
      save: fromPromise<{ courseVersion: number }, { courseSlug: string; courseVersion: number; blueprint: ExamBlueprint }>(({ input }) => {
        saved.push(input.blueprint);
        return Promise.resolve({ courseVersion: 2 });
      }),
    },
  });
  return { actor: createActor(logic, { input: { courseSlug: 'studio-made-exam' } }).start(), saved };
}

describe('the blueprint form: topics of a new certification course', () => {
  it('adds a topic at a count of 0 with its name, and sends it on save', async () => {
    const { actor, saved } = start();
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    actor.send({ type: 'NEW_TOPIC', field: 'slug', value: ' basics ' });
    actor.send({ type: 'NEW_TOPIC', field: 'name', value: '基本' });
    actor.send({ type: 'ADD_TOPIC' });
    const { form, newTopic, notice } = actor.getSnapshot().context;
    expect(form).toMatchObject({ topics: { basics: 0 }, topicNames: { basics: '基本' } });
    expect(newTopic).toEqual({ slug: '', name: '' });
    expect(notice).toContain('基本');
    actor.send({ type: 'SAVE' });
    await waitFor(actor, (snapshot) => snapshot.matches('editing') && saved.length === 1);
    expect(saved[0]).toMatchObject({ questionCount: 0, topics: { basics: 0 }, topicNames: { basics: '基本' } });
  });

  it('refuses a topic that is no slug, already there or unnamed, saying why, and keeps the form as it was', async () => {
    const { actor } = start();
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    actor.send({ type: 'NEW_TOPIC', field: 'slug', value: '基本' });
    actor.send({ type: 'NEW_TOPIC', field: 'name', value: '基本' });
    actor.send({ type: 'ADD_TOPIC' });
    expect(actor.getSnapshot().context.errors.newTopic).toContain('半角英小文字');
    expect(actor.getSnapshot().context.form!.topics).toEqual({});
    const withBasics = { ...NEW_COURSE.blueprint, topics: { basics: 0 }, topicNames: { basics: '基本' } };
    expect(newTopicProblem(withBasics, { slug: 'basics', name: '別名' })).toBe('分野「basics」はすでにあります');
    expect(newTopicProblem(withBasics, { slug: 'practice', name: '  ' })).toBe('分野名を入力してください');
    expect(newTopicProblem(withBasics, { slug: 'practice', name: '実践' })).toBeNull();
  });

  it('removes a topic with its name', async () => {
    const { actor } = start();
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    for (const [slug, name] of [
      ['basics', '基本'],
      ['practice', '実践'],
    ]) {
      actor.send({ type: 'NEW_TOPIC', field: 'slug', value: slug! });
      actor.send({ type: 'NEW_TOPIC', field: 'name', value: name! });
      actor.send({ type: 'ADD_TOPIC' });
    }
    actor.send({ type: 'REMOVE_TOPIC', topic: 'basics' });
    expect(actor.getSnapshot().context.form).toMatchObject({ topics: { practice: 0 }, topicNames: { practice: '実践' } });
    expect(Object.keys(actor.getSnapshot().context.form!.topics)).toEqual(['practice']);
  });
});
