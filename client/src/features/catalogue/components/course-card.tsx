import type { CourseCard } from '@campus/contracts/catalogue';
import { Link } from 'react-router-dom';
import { PhraseText } from '../../../components/phrase-text';
import { FavoriteToggle } from '../../../components/favorite-toggle/favorite-toggle';
import { CourseProgress } from '../../../components/course-progress';
import { CourseImage } from '../../../components/artwork/course-image';
import { LEVEL_LABELS, isFavoriteKind } from '../course-labels';
import { FactList } from './fact-list';
import './course-card.css';

/**
 * One course in a list. The title link covers the whole card (CSS), while the wish-list heart
 * stays a separate button above it: a button inside a link is invalid and unreachable by keyboard.
 */
export function CourseCardView({
  course,
  headingLevel = 3,
  eagerImage = false,
}: {
  course: CourseCard;
  headingLevel?: 2 | 3;
  /** The first card a visitor sees loads its image at once; the others wait until they are near. */
  eagerImage?: boolean;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const hasProgress = course.completedLessonCount > 0;
  return (
    <article className="card-box course-card">
      <CourseImage kind={course.kind} slug={course.slug} program={course.program} eager={eagerImage} />
      <Heading className="course-card__title">
        <Link className="course-card__link" to={course.path}>
          <PhraseText text={course.title} />
        </Link>
      </Heading>
      <ul className="course-card__tags" aria-label="コースの情報">
        <li className={`course-card__level course-card__level--${course.level.toLowerCase()}`}>{LEVEL_LABELS[course.level]}</li>
        {course.loginRequired ? <li className="course-card__login-only">ログイン限定</li> : null}
      </ul>
      <p className="course-card__summary">{course.summary}</p>
      {hasProgress ? (
        <CourseProgress compact completed={course.completedLessonCount} total={course.lessonCount} />
      ) : null}
      <div className="course-card__footer">
        <FactList
          compact
          facts={[
            { term: '目安時間', value: `${course.estimatedMinutes}分` },
            { term: 'レッスン数', value: course.lessonCount },
          ]}
        />
        {isFavoriteKind(course.kind) ? (
          <div className="course-card__favorite">
            <FavoriteToggle kind={course.kind} slug={course.slug} title={course.title} initial={course.isFavorite} />
          </div>
        ) : null}
      </div>
    </article>
  );
}
