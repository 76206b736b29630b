import type { ExamAnalytics } from '@campus/contracts/exam-analytics';
import { useMemo } from 'react';
import { AdminTableScroll } from '../../../components/admin-page';
import { formatPercent } from '../chart-scale';
import { courseLabel } from '../course-labels';
import { QUESTION_ORDER_NAMES, sortQuestions, type QuestionOrder, type QuestionSortColumn } from '../question-order';

type Question = ExamAnalytics['questions'][number];

export interface HardestQuestionsTableProps {
  questions: readonly Question[];
  order: QuestionOrder;
  onSort: (column: QuestionSortColumn) => void;
}

/** The questions learners get wrong most (the server sends them hardest first), sortable by topic, answers and rate. */
export function HardestQuestionsTable({ questions, order, onSort }: HardestQuestionsTableProps) {
  const rows = useMemo(() => sortQuestions(questions.filter((question) => question.answered > 0), order), [questions, order]);
  if (rows.length === 0) {
    return <p className="analytics-section__empty">この期間に回答された問題はありません。</p>;
  }
  const header = (column: QuestionSortColumn, name: string, className?: string) => (
    <SortableHeader column={column} name={name} order={order} onSort={onSort} className={className} />
  );
  return (
    <AdminTableScroll label="正答率の低い問題の表">
      <table className="admin-table analytics-questions">
        <caption>正答率の低い問題（{QUESTION_ORDER_NAMES[order.column][order.direction]}）</caption>
        <thead>
          <tr>
            <th scope="col">問題</th>
            {header('topic', 'トピック')}
            {header('answered', '回答数', 'admin-table__number')}
            {header('correctRate', '正答率', 'admin-table__number')}
          </tr>
        </thead>
        <tbody>
          {rows.map((question) => (
            <tr key={`${question.courseSlug}/${question.questionId}`}>
              <td className="analytics-questions__prompt">{question.prompt}</td>
              <td className="analytics-questions__topic">
                {question.topicName}
                <span className="analytics-table__course">{courseLabel(question.courseSlug)}</span>
              </td>
              <td className="admin-table__number">{question.answered}</td>
              <td className="admin-table__number">{formatPercent(question.correctRate)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </AdminTableScroll>
  );
}

interface SortableHeaderProps {
  column: QuestionSortColumn;
  name: string;
  order: QuestionOrder;
  onSort: (column: QuestionSortColumn) => void;
  className?: string;
}

/**
 * A column header that sorts (the WAI-ARIA sortable table): the button carries the column's name, the
 * header says the current order through aria-sort; the arrow is for the eye only.
 */
function SortableHeader({ column, name, order, onSort, className }: SortableHeaderProps) {
  const sorted = order.column === column ? order.direction : undefined;
  return (
    <th scope="col" className={className} aria-sort={sorted}>
      <button type="button" className="analytics-questions__sort" onClick={() => onSort(column)}>
        {name}
        <span className={`analytics-questions__arrow${sorted ? '' : ' analytics-questions__arrow--idle'}`} aria-hidden="true">
          {sorted === 'ascending' ? '▲' : sorted === 'descending' ? '▼' : '↕'}
        </span>
      </button>
    </th>
  );
}
