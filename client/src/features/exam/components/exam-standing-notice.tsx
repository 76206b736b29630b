import type { CertificationCourseDetail } from '@campus/contracts/catalogue';
import { Link } from 'react-router-dom';
import { formatJapaneseDateTime } from '@campus/contracts/tokyo-date';
import { examResultPath } from '../exam-paths';

type Standing = Pick<CertificationCourseDetail, 'slug' | 'examGrading' | 'retakeOpensAt'>;

/** Whether the course page and the policy page may offer a start: the server's start rule would refuse one now. */
export const startIsHeldBack = (course: Standing): boolean => course.examGrading || course.retakeOpensAt !== null;

/**
 * Why no start is offered, in the words of the start rule's refusals (EXAM_GRADING, EXAM_COOLDOWN): the
 * course page and the policy page read the same course detail, so they say the same thing at every moment.
 */
export function ExamStandingNotice({ course }: { course: Standing }) {
  if (course.examGrading) {
    return (
      <p className="exam-standing exam-standing--grading" role="status">
        前回の試験は終了時刻を過ぎたか提出済みで、いま採点しています。結果が出てから次の受験ができます。{' '}
        <Link to={examResultPath(course.slug)}>試験結果を見る</Link>
      </p>
    );
  }
  if (course.retakeOpensAt) {
    return <p className="exam-standing exam-standing--retake">前回の試験は不合格でした。次回の受験は {formatJapaneseDateTime(course.retakeOpensAt)} から可能です。</p>;
  }
  return null;
}
