import { certificationLabelOf, SERVICE_LABELS } from '@campus/contracts/catalogue-slugs';
import { videoAreaName } from '@campus/contracts/page-names';
import { useLoaderData } from 'react-router-dom';
import { isFavoriteKind } from '../../features/catalogue/course-labels';
import { useMarkCourseVisited } from '../../features/course-activity/hooks/use-mark-course-visited';
import { BADGE_PATH, BADGE_TITLE } from '../../features/exam/exam-paths';
import { LessonView } from '../../features/lessons/components/lesson-view';
import {
  loadCertificationLessonPage,
  loadLessonPage,
  loadVideoLessonPage,
  type CertificationLessonData,
  type ServiceLessonData,
} from '../../features/lessons/loaders/lesson-page.loaders';

// The lesson pages are a route module of their own: the lesson view (answer checks, the slide and
// video players, the review) is code the course and service pages have no use for.

export const lessonPageLoader = loadLessonPage;
export const videoLessonPageLoader = loadVideoLessonPage;
export const certificationLessonLoader = loadCertificationLessonPage;

/** Spec §2 `/{serviceSlug}/courses/{courseSlug}/lessons/{lessonSlug}`: a lesson of a learning or seminar course. */
export function LessonPage() {
  const { serviceSlug, lesson } = useLoaderData() as ServiceLessonData;
  useMarkCourseVisited(isFavoriteKind(lesson.course.kind) ? lesson.course.kind : null, lesson.course.slug);
  return <LessonView lesson={lesson} section={{ label: SERVICE_LABELS[serviceSlug], to: `/${serviceSlug}` }} />;
}

/** Spec §2 `/learn-with-video/{serviceSlug}/courses/{courseSlug}/lessons/{lessonSlug}`: a video course's lesson (no history). */
export function VideoLessonPage() {
  const { serviceSlug, lesson } = useLoaderData() as ServiceLessonData;
  return <LessonView lesson={lesson} section={{ label: videoAreaName(serviceSlug), to: `/learn-with-video/${serviceSlug}` }} />;
}

/** Spec §2 `/lineyahoo-marketing-skill-badge/courses/{courseSlug}/lessons/{lessonSlug}`: a certification course's lesson. */
export function CertificationLessonPage() {
  const { courseSlug, lesson } = useLoaderData() as CertificationLessonData;
  useMarkCourseVisited('certification', courseSlug);
  return (
    <LessonView
      lesson={lesson}
      section={{ label: BADGE_TITLE, to: BADGE_PATH }}
      courseLabel={certificationLabelOf(courseSlug, lesson.course.title)}
    />
  );
}
