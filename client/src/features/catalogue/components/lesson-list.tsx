import type { LessonSummary } from '@campus/contracts/catalogue';
import { Link } from 'react-router-dom';
import { PhraseText } from '../../../components/phrase-text';
import { LESSON_KIND_LABELS } from '../course-labels';
import './course-detail.css';

/** A course's lessons in order; each links to `./lessons/{slug}` of the course page's route. */
export function LessonList({ lessons, headingId }: { lessons: LessonSummary[]; headingId: string }) {
  if (lessons.length === 0) return <p>このコースのレッスンは準備中です。</p>;
  return (
    <ol className="lesson-list" aria-labelledby={headingId}>
      {lessons.map((lesson) => (
        <li key={lesson.slug} className={lesson.isCompleted ? 'lesson-list__item lesson-list__item--done' : 'lesson-list__item'}>
          <span className="lesson-list__mark" aria-hidden="true">
            {lesson.isCompleted ? '✓' : ''}
          </span>
          <Link className="lesson-list__title" to={`lessons/${encodeURIComponent(lesson.slug)}`}>
            <PhraseText text={lesson.title} />
          </Link>
          <span className="lesson-list__meta">
            {LESSON_KIND_LABELS[lesson.kind]}・{lesson.estimatedMinutes}分
          </span>
          {lesson.loginRequired ? <span className="lesson-list__tag">ログイン限定</span> : null}
          {lesson.isCompleted ? <span className="lesson-list__tag lesson-list__tag--done">受講済み</span> : null}
        </li>
      ))}
    </ol>
  );
}
