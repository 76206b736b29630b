import type { LessonDetail } from '@campus/contracts/lessons';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { PhraseText } from '../../../components/phrase-text';
import { pageTitle } from '../../../lib/site';
import { Breadcrumb, type BreadcrumbItem } from '../../../components/breadcrumb';
import { addressOf } from '../lesson-address';
import { AnswerCheckCard } from './answer-check-card';
import { LessonCompletion } from './lesson-completion';
import { LessonContent } from './lesson-content';
import { LessonNavigation } from './lesson-navigation';
import { LessonQuestionnaire } from './lesson-questionnaire';
import { RelatedLinks } from './related-links';
import './lessons.css';

export interface LessonViewProps {
  lesson: LessonDetail;
  /** The landing page the course belongs to (service, video service or skill badge), first in the breadcrumb after トップ. */
  section: BreadcrumbItem;
  /** The course's name in the breadcrumb; its title by default. */
  courseLabel?: string;
}

/**
 * A lesson page of any kind (text, slides, video; learning, seminar, video or certification
 * course). Another lesson is a fresh page: answers, completion and questionnaire start over.
 */
export function LessonView(props: LessonViewProps) {
  const { courseKind, courseSlug, lessonSlug } = addressOf(props.lesson);
  return <LessonPageContent key={`${courseKind}/${courseSlug}/${lessonSlug}`} {...props} />;
}

function LessonPageContent({ lesson, section, courseLabel = lesson.course.title }: LessonViewProps) {
  const [slidesFinished, setSlidesFinished] = useState(false);
  const { course } = lesson;
  return (
    <article className="lesson" aria-labelledby="lesson-title">
      <title>{pageTitle(lesson.title)}</title>
      <Breadcrumb items={[section, { label: courseLabel, to: course.path }, { label: lesson.title }]} />
      <header className="lesson__header">
        <p className="lesson__course">
          <Link to={course.path}>
            <PhraseText text={course.title} />
          </Link>
        </p>
        <h1 id="lesson-title">
          <PhraseText text={lesson.title} />
        </h1>
        <p className="lesson__meta">
          <span>
            レッスン {lesson.position} / {course.lessonCount}
          </span>
          <span>目安 {lesson.estimatedMinutes}分</span>
        </p>
      </header>
      <div className="lesson__content">
        <LessonContent lesson={lesson} onLastSlide={() => setSlidesFinished(true)} />
      </div>
      {lesson.checks.map((check, index) => (
        <AnswerCheckCard key={index} check={check} number={index + 1} total={lesson.checks.length} />
      ))}
      <RelatedLinks links={lesson.relatedLinks} />
      <LessonCompletion lesson={lesson} slidesFinished={slidesFinished} />
      <LessonNavigation lesson={lesson} />
      <LessonQuestionnaire address={addressOf(lesson)} />
    </article>
  );
}
