import { Link } from 'react-router-dom';
import { CourseProgress } from '../../../components/course-progress';
import { PhraseText } from '../../../components/phrase-text';
import type { RecentHistory } from '../hooks/use-recent-course-history';

export const CONTINUE_EMPTY_TEXT = 'まだ学習を始めたコースはありません。レッスンを完了すると、ここから続きを学べます。';

/**
 * 「続きから学ぶ」 on the top page: of the courses under way (a lesson done, not all of them; the
 * history's `inProgress`), the one the learner opened last, with its progress, one click from where
 * they left. A course only opened is not offered at 0 / N. Nothing for visitors; while the history
 * loads, a block of the row's height so nothing below moves when it arrives. A failed read is told
 * once, by the history section below.
 */
export function ContinueLearningSection({ recent }: { recent: RecentHistory }) {
  if (recent.status === 'hidden' || recent.status === 'failed') return null;
  const course = recent.status === 'loaded' ? recent.history.items[0] : undefined;
  return (
    <section className="continue-learning" aria-labelledby="continue-title" aria-busy={recent.status === 'loading'}>
      <h2 id="continue-title" className="continue-learning__title">
        <PhraseText text="続きから学ぶ" />
      </h2>
      {recent.status === 'loading' ? (
        <div className="continue-learning__placeholder" aria-label="読み込み中">
          <div className="page-skeleton__block" aria-hidden="true" />
          <div className="page-skeleton__block page-skeleton__block--short" aria-hidden="true" />
        </div>
      ) : null}
      {recent.status === 'loaded' && !course ? <p className="continue-learning__empty">{CONTINUE_EMPTY_TEXT}</p> : null}
      {course ? (
        <div className="continue-learning__course">
          <p className="continue-learning__course-title">{course.title}</p>
          <CourseProgress compact completed={course.completedLessonCount} total={course.lessonCount} />
          <Link className="button button--primary continue-learning__action" to={course.path}>
            レッスンを再開する
          </Link>
        </div>
      ) : null}
    </section>
  );
}
