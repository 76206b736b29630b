import type { ExamAnalytics } from '@campus/contracts/exam-analytics';
import { HARDEST_FIRST, nextQuestionOrder, sortQuestions } from './question-order';

type Question = ExamAnalytics['questions'][number];

const question = (questionId: string, overrides: Partial<Question>): Question => ({
  courseSlug: 'line-ads-basic',
  questionId,
  topic: 'targeting',
  topicName: 'ターゲティング',
  prompt: `${questionId} の問題文`,
  answered: 10,
  correctRate: 0.5,
  ...overrides,
});

describe('nextQuestionOrder', () => {
  it('starts each column in the direction looked for first, and turns it round on a second press', () => {
    expect(nextQuestionOrder(HARDEST_FIRST, 'answered')).toEqual({ column: 'answered', direction: 'descending' });
    expect(nextQuestionOrder({ column: 'answered', direction: 'descending' }, 'answered')).toEqual({ column: 'answered', direction: 'ascending' });
    expect(nextQuestionOrder({ column: 'answered', direction: 'ascending' }, 'topic')).toEqual({ column: 'topic', direction: 'ascending' });
    expect(nextQuestionOrder({ column: 'topic', direction: 'descending' }, 'correctRate')).toEqual(HARDEST_FIRST);
    expect(nextQuestionOrder(HARDEST_FIRST, 'correctRate')).toEqual({ column: 'correctRate', direction: 'descending' });
  });
});

describe('sortQuestions', () => {
  // The server's order: hardest first.
  const questions = [
    question('a', { correctRate: 0.2, answered: 5 }),
    question('b', { correctRate: 0.4, answered: 20, courseSlug: 'yahoo-ads-searchads-basic', topicName: '入札' }),
    question('c', { correctRate: 0.4, answered: 5, courseSlug: 'line-official-account-basic', topicName: 'アカウントの基本' }),
    question('d', { correctRate: 0.9, answered: 20, topicName: 'クリエイティブ' }),
  ];
  const ids = (sorted: Question[]) => sorted.map((item) => item.questionId);

  it('orders by rate, answers or course and topic, ties in the server order, without changing its input', () => {
    expect(ids(sortQuestions(questions, HARDEST_FIRST))).toEqual(['a', 'b', 'c', 'd']);
    expect(ids(sortQuestions(questions, { column: 'correctRate', direction: 'descending' }))).toEqual(['d', 'b', 'c', 'a']);
    expect(ids(sortQuestions(questions, { column: 'answered', direction: 'descending' }))).toEqual(['b', 'd', 'a', 'c']);
    expect(ids(sortQuestions(questions, { column: 'answered', direction: 'ascending' }))).toEqual(['a', 'c', 'b', 'd']);
    // Courses in the catalogue's order (LINE公式アカウント, LINE広告, Yahoo!広告), then topic names in Japanese order.
    expect(ids(sortQuestions(questions, { column: 'topic', direction: 'ascending' }))).toEqual(['c', 'd', 'a', 'b']);
    expect(ids(sortQuestions(questions, { column: 'topic', direction: 'descending' }))).toEqual(['b', 'a', 'd', 'c']);
    expect(ids(questions)).toEqual(['a', 'b', 'c', 'd']);
  });
});
