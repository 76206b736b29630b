import { type AnalysedCourse, examDifficulty, type QuestionTally } from './exam-difficulty';

const course = (slug: string, topicNames: Record<string, string> = {}): AnalysedCourse => ({ slug, topicNames });

const tally = (overrides: Partial<QuestionTally>): QuestionTally => ({
  courseSlug: 'line-ads-basic',
  questionId: 'q1',
  topic: '配信',
  prompt: '問題文',
  answered: 10,
  correct: 5,
  ...overrides,
});

describe('examDifficulty', () => {
  it('sums topics per course in the catalogue order, hardest first within a course', () => {
    const { topics } = examDifficulty(
      [
        tally({ courseSlug: 'line-ads-advanced', questionId: 'a1', topic: '計測', answered: 4, correct: 1 }),
        tally({ questionId: 'q1', topic: '配信', answered: 10, correct: 9 }),
        tally({ questionId: 'q2', topic: '配信', answered: 10, correct: 7 }),
        tally({ questionId: 'q3', topic: '入札', answered: 5, correct: 4 }),
      ],
      [course('line-ads-basic'), course('line-ads-advanced')],
    );
    expect(topics).toEqual([
      { courseSlug: 'line-ads-basic', topic: '配信', topicName: '配信', answered: 20, correctRate: 0.8 },
      { courseSlug: 'line-ads-basic', topic: '入札', topicName: '入札', answered: 5, correctRate: 0.8 },
      { courseSlug: 'line-ads-advanced', topic: '計測', topicName: '計測', answered: 4, correctRate: 0.25 },
    ]);
  });

  it('counts a question moved to another topic once, under the topic it was answered most in', () => {
    const { topics, questions } = examDifficulty(
      [tally({ topic: '旧トピック', prompt: '古い問題文', answered: 2, correct: 2 }), tally({ topic: '配信', prompt: '新しい問題文', answered: 6, correct: 0 })],
      [course('line-ads-basic')],
    );
    expect(questions).toEqual([{ courseSlug: 'line-ads-basic', questionId: 'q1', topic: '配信', topicName: '配信', prompt: '新しい問題文', answered: 8, correctRate: 0.25 }]);
    expect(topics.map((topic) => [topic.topic, topic.answered])).toEqual([
      ['配信', 6],
      ['旧トピック', 2],
    ]);
  });

  it('lists the 50 hardest questions, hardest first', () => {
    const tallies = Array.from({ length: 60 }, (_, index) => tally({ questionId: `q${index}`, answered: 60, correct: index }));
    const { questions } = examDifficulty(tallies, [course('line-ads-basic')]);
    expect(questions).toHaveLength(50);
    expect(questions[0]).toMatchObject({ questionId: 'q0', correctRate: 0 });
    expect(questions.at(-1)).toMatchObject({ questionId: 'q49' });
  });

  it("names topics as their course's exam does, each course its own; a topic the course no longer has keeps its slug", () => {
    const { topics, questions } = examDifficulty(
      [
        tally({ courseSlug: 'line-official-account-advanced', questionId: 'oa1', topic: 'segment-design', answered: 4, correct: 1 }),
        tally({ courseSlug: 'line-ads-basic', questionId: 'ad1', topic: 'segment-design', answered: 4, correct: 2 }),
        tally({ courseSlug: 'line-ads-basic', questionId: 'ad2', topic: 'retired-topic', answered: 4, correct: 3 }),
      ],
      [course('line-ads-basic', { 'segment-design': '配信先の設計' }), course('line-official-account-advanced', { 'segment-design': 'セグメント設計' })],
    );
    expect(topics.map((topic) => [topic.courseSlug, topic.topic, topic.topicName])).toEqual([
      ['line-ads-basic', 'segment-design', '配信先の設計'],
      ['line-ads-basic', 'retired-topic', 'retired-topic'],
      ['line-official-account-advanced', 'segment-design', 'セグメント設計'],
    ]);
    expect(questions.map((question) => [question.questionId, question.topicName])).toEqual([
      ['oa1', 'セグメント設計'],
      ['ad1', '配信先の設計'],
      ['ad2', 'retired-topic'],
    ]);
  });
});
