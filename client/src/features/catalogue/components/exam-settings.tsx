import type { CertificationCourseCard } from '@campus/contracts/catalogue';
import { FactList } from './fact-list';

/** 45分（通常30分＋配慮15分）: the learner's own limit, and where the extra comes from. */
export const timeLimitText = (minutes: number, extraMinutes = 0): string =>
  extraMinutes > 0 ? `${minutes + extraMinutes}分（通常${minutes}分＋配慮${extraMinutes}分）` : `${minutes}分`;

/**
 * A certification exam at a glance: 問題数, 制限時間, 合格ライン. With `extraMinutes` (the learner's exam
 * accommodation), the time limit is theirs.
 */
export function ExamSettings({ exam, extraMinutes = 0 }: { exam: CertificationCourseCard['exam']; extraMinutes?: number }) {
  return (
    <FactList
      className="exam-settings"
      facts={[
        { term: '問題数', value: `${exam.questionCount}問` },
        { term: '制限時間', value: timeLimitText(exam.minutes, extraMinutes) },
        { term: '合格ライン', value: `正答率${exam.passPercent}%以上` },
      ]}
    />
  );
}
