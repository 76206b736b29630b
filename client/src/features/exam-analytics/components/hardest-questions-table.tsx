import type { ExamAnalytics } from '@campus/contracts/exam-analytics';
import { formatPercent } from '../chart-scale';
import { courseLabel } from '../course-labels';

type Question = ExamAnalytics['questions'][number];

/** The questions learners get wrong most (the server sends them hardest first). */
export function HardestQuestionsTable({ questions }: { questions: readonly Question[] }) {
  const answered = questions.filter((question) => question.answered > 0);
  if (answered.length === 0) {
    return <p className="analytics-section__empty">この期間に回答された問題はありません。</p>;
  }
  return (
    <div className="admin-table analytics-table-wrap">
      <table className="admin-table analytics-table analytics-table--questions">
        <caption>正答率の低い問題（低い順）</caption>
        <thead>
          <tr>
            <th scope="col">問題</th>
            <th scope="col">トピック</th>
            <th scope="col">回答数</th>
            <th scope="col">正答率</th>
          </tr>
        </thead>
        <tbody>
          {answered.map((question) => (
            <tr key={`${question.courseSlug}/${question.questionId}`}>
              <td>{question.prompt}</td>
              <td>
                {question.topic}
                <span className="admin-table analytics-table__course">{courseLabel(question.courseSlug)}</span>
              </td>
              <td className="admin-table admin-table__number">{question.answered}</td>
              <td className="admin-table admin-table__number">{formatPercent(question.correctRate)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
