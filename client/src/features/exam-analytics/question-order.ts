import type { ExamAnalytics } from '@campus/contracts/exam-analytics';
import { CERTIFICATION_SLUGS } from '@campus/contracts/catalogue-slugs';

type Question = ExamAnalytics['questions'][number];

/** The columns of the hardest-questions table an admin can sort by. */
export type QuestionSortColumn = 'correctRate' | 'answered' | 'topic';
export type SortDirection = 'ascending' | 'descending';

export interface QuestionOrder {
  column: QuestionSortColumn;
  direction: SortDirection;
}

/** As the server sends them: hardest first. */
export const HARDEST_FIRST: QuestionOrder = { column: 'correctRate', direction: 'ascending' };

/** The direction a column starts in: what an admin looks for first (the hardest, the most answered, A→Z). */
const FIRST_DIRECTION: Record<QuestionSortColumn, SortDirection> = { correctRate: 'ascending', answered: 'descending', topic: 'ascending' };

/** The same column again turns the order round; another column starts in its own first direction. */
export const nextQuestionOrder = (current: QuestionOrder, column: QuestionSortColumn): QuestionOrder =>
  current.column === column
    ? { column, direction: current.direction === 'ascending' ? 'descending' : 'ascending' }
    : { column, direction: FIRST_DIRECTION[column] };

/** What the table's caption says of its order. */
export const QUESTION_ORDER_NAMES: Record<QuestionSortColumn, Record<SortDirection, string>> = {
  correctRate: { ascending: '正答率の低い順', descending: '正答率の高い順' },
  answered: { ascending: '回答数の少ない順', descending: '回答数の多い順' },
  topic: { ascending: 'コースとトピックの順', descending: 'コースとトピックの逆順' },
};

const japanese = new Intl.Collator('ja');
const coursePosition = (slug: string) => {
  const position = (CERTIFICATION_SLUGS as readonly string[]).indexOf(slug);
  return position === -1 ? CERTIFICATION_SLUGS.length : position;
};
const rateOf = (question: Question) => question.correctRate ?? 1;

const ascending: Record<QuestionSortColumn, (left: Question, right: Question) => number> = {
  correctRate: (left, right) => rateOf(left) - rateOf(right),
  answered: (left, right) => left.answered - right.answered,
  // Grouped by course (in the catalogue's order), then by topic name.
  topic: (left, right) => coursePosition(left.courseSlug) - coursePosition(right.courseSlug) || japanese.compare(left.topicName, right.topicName),
};

/**
 * The questions in this order; ties keep the server's order (hardest first), so within one topic or
 * one count the hardest questions still come first.
 */
export function sortQuestions(questions: readonly Question[], { column, direction }: QuestionOrder): Question[] {
  const sign = direction === 'ascending' ? 1 : -1;
  return [...questions].sort((left, right) => sign * ascending[column](left, right));
}
