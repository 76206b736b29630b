import type { LessonDetail } from '@campus/contracts/lessons';
import { Link } from 'react-router-dom';
import { PhraseText } from '../../../components/phrase-text';
import { lessonPagePath } from '../lesson-address';

/** 前のレッスン / 次のレッスン, and after the last lesson the way back to the course page. */
export function LessonNavigation({ lesson }: { lesson: LessonDetail }) {
  const { previous, next, course } = lesson;
  return (
    <nav className="lesson-nav" aria-label="レッスンの移動">
      <ul className="lesson-nav__list">
        {previous ? (
          <li className="lesson-nav__item lesson-nav__item--previous">
            <Link rel="prev" to={lessonPagePath(course.path, previous.slug)}>
              <span className="lesson-nav__label">前のレッスン</span>
              <span className="lesson-nav__title">
                <PhraseText text={previous.title} />
              </span>
            </Link>
          </li>
        ) : null}
        <li className="lesson-nav__item lesson-nav__item--next">
          {next ? (
            <Link rel="next" to={lessonPagePath(course.path, next.slug)}>
              <span className="lesson-nav__label">次のレッスン</span>
              <span className="lesson-nav__title">
                <PhraseText text={next.title} />
              </span>
            </Link>
          ) : (
            <Link to={course.path}>
              <span className="lesson-nav__label">最後のレッスンです</span>
              <span className="lesson-nav__title">コースページへ戻る</span>
            </Link>
          )}
        </li>
      </ul>
    </nav>
  );
}
