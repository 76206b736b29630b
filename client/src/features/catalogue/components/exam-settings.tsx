import type { CertificationCourseCard } from '@campus/contracts/catalogue';
import { FactList } from './fact-list';

/** A certification exam at a glance: 問題数, 制限時間, 合格ライン. */
export function ExamSettings({ exam }: { exam: CertificationCourseCard['exam'] }) {
  return (
    <FactList
      className="exam-settings"
      facts={[
        { term: '問題数', value: `${exam.questionCount}問` },
        { term: '制限時間', value: `${exam.minutes}分` },
        { term: '合格ライン', value: `正答率${exam.passPercent}%以上` },
      ]}
    />
  );
}
