import { examDifficulty, type QuestionTally } from './exam-difficulty';

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
      ['line-ads-basic', 'line-ads-advanced'],
    );
    expect(topics).toEqual([
      { courseSlug: 'line-ads-basic', topic: '配信', answered: 20, correctRate: 0.8 },
      { courseSlug: 'line-ads-basic', topic: '入札', answered: 5, correctRate: 0.8 },
      { courseSlug: 'line-ads-advanced', topic: '計測', answered: 4, correctRate: 0.25 },
    ]);
  });

  it('counts a question moved to another topic once, under the topic it was answered most in', () => {
    const { topics, questions } = examDifficulty(
      [tally({ topic: '旧トピック', prompt: '古い問題文', answered: 2, correct: 2 }), tally({ topic: '配信', prompt: '新しい問題文', answered: 6, correct: 0 })],
      ['line-ads-basic'],
    );
    expect(questions).toEqual([{ courseSlug: 'line-ads-basic', questionId: 'q1', topic: '配信', prompt: '新しい問題文', answered: 8, correctRate: 0.25 }]);
    expect(topics.map((topic) => [topic.topic, topic.answered])).toEqual([
      ['配信', 6],
      ['旧トピック', 2],
    ]);
  });

  it('lists the 50 hardest questions, hardest first', () => {
    const tallies = Array.from({ length: 60 }, (_, index) => tally({ questionId: `q${index}`, answered: 60, correct: index }));
    const { questions } = examDifficulty(tallies, ['line-ads-basic']);
    expect(questions).toHaveLength(50);
    expect(questions[0]).toMatchObject({ questionId: 'q0', correctRate: 0 });
    expect(questions.at(-1)).toMatchObject({ questionId: 'q49' });
  });
});
