import type { CourseDetail } from '@campus/contracts/catalogue';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PhraseText } from '../../../components/phrase-text';
import { FavoriteToggle } from '../../../components/favorite-toggle/favorite-toggle';
import { ShareButton } from '../../../components/share/share-button';
import { COURSE_KIND_LABELS, isFavoriteKind, LEVEL_LABELS } from '../course-labels';
import { Breadcrumb, type BreadcrumbItem } from '../../../components/breadcrumb';
import { FactList } from './fact-list';
import { CourseProgress } from '../../../components/course-progress';
import { LessonList } from './lesson-list';
import { nextLessonStep } from '../next-lesson-step';
import './course-detail.css';

/**
 * A course page: where it sits, what it is, the learner's progress and the lessons. Pages add
 * what only their kind has (a certification course's badge and exam) as `children`, shown
 * before the lessons.
 */
export function CourseDetailView({
  course,
  breadcrumb,
  eyebrow = COURSE_KIND_LABELS[course.kind],
  unpublished = false,
  children,
}: {
  course: CourseDetail;
  breadcrumb: BreadcrumbItem[];
  /** The small line above the title. */
  eyebrow?: string;
  /** The studio's preview of a draft: no favourite or share, which need the published course. */
  unpublished?: boolean;
  children?: ReactNode;
}) {
  const completed = course.lessons.filter((lesson) => lesson.isCompleted).length;
  const step = nextLessonStep(course.lessons);
  return (
    <article className="course-detail" aria-labelledby="course-title">
      <Breadcrumb items={breadcrumb} />
      <header className="course-detail__header">
        <p className="course-detail__eyebrow">{eyebrow}</p>
        <h1 id="course-title">
          <PhraseText text={course.title} />
        </h1>
        <p className="course-detail__summary">{course.summary}</p>
        <FactList
          className="course-detail__facts"
          facts={[
            { term: 'レベル', value: LEVEL_LABELS[course.level] },
            { term: '目安時間', value: `${course.estimatedMinutes}分` },
            { term: 'レッスン数', value: course.lessons.length },
            ...(course.loginRequired ? [{ term: '公開範囲', value: 'ログイン限定' }] : []),
          ]}
        />
        <div className="course-detail__actions">
          {step ? (
            <Link className="button button--primary" to={`lessons/${encodeURIComponent(step.lesson.slug)}`}>
              {step.label}
            </Link>
          ) : null}
          {isFavoriteKind(course.kind) && !unpublished ? (
            <FavoriteToggle kind={course.kind} slug={course.slug} title={course.title} initial={course.isFavorite} />
          ) : null}
          {unpublished ? null : <ShareButton title={course.title} />}
        </div>
        {completed > 0 ? <CourseProgress completed={completed} total={course.lessons.length} /> : null}
      </header>
      {children}
      <section className="course-detail__lessons" aria-labelledby="course-lessons-title">
        <h2 id="course-lessons-title"><PhraseText text="レッスン一覧" /></h2>
        <LessonList lessons={course.lessons} headingId="course-lessons-title" />
      </section>
    </article>
  );
}
