import type { CertificationCourseCard } from '@campus/contracts/catalogue';
import './badge.css';

/** A certification exam at a glance: 問題数, 制限時間, 合格ライン. */
export function ExamSettings({ exam }: { exam: CertificationCourseCard['exam'] }) {
  return (
    <dl className="exam-settings">
      <div>
        <dt>問題数</dt>
        <dd>{exam.questionCount}問</dd>
      </div>
      <div>
        <dt>制限時間</dt>
        <dd>{exam.minutes}分</dd>
      </div>
      <div>
        <dt>合格ライン</dt>
        <dd>正答率{exam.passPercent}%以上</dd>
      </div>
    </dl>
  );
}
