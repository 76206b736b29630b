import type { ServiceSlug } from '@campus/contracts/catalogue-slugs';
import type { LessonDetail } from '@campus/contracts/lessons';
import type { LoaderFunctionArgs, Params } from 'react-router-dom';
import { askByCourseKind } from '../../../lib/course-routes/course-kind';
import { courseKindFromServer } from '../../../lib/course-routes/course-kind-from-server';
import { certificationSlugOf, courseSlugOf, notFound, serviceOf, videoServiceOf } from '../../../lib/course-routes/route-params';
import { getCertificationLesson } from '../api/get-certification-lesson';
import { getLearningLesson } from '../api/get-learning-lesson';
import { getSeminarLesson } from '../api/get-seminar-lesson';
import { getVideoLesson } from '../api/get-video-lesson';

export interface ServiceLessonData {
  serviceSlug: ServiceSlug;
  lesson: LessonDetail;
}

export interface CertificationLessonData {
  courseSlug: string;
  lesson: LessonDetail;
}

function lessonSlugOf(params: Params): string {
  const slug = params.lessonSlug;
  if (!slug) throw notFound();
  return slug;
}

/** The course must be the one at this address: its page path is under `prefix` (i.e. of this program). */
function requireCourseUnder(lesson: LessonDetail, prefix: string): LessonDetail {
  if (!lesson.course.path.startsWith(prefix)) throw notFound();
  return lesson;
}

/**
 * `/{serviceSlug}/courses/{courseSlug}/lessons/{lessonSlug}`: learning and seminar courses share
 * the course address; the server's answer to the page's HTML, or else the program's seminar list,
 * says which to ask (course-kind.ts). A seminar's
 * one lesson is only at this address under its own slug. A course of another program is not here
 * at all (404). Errors (403 for a visitor, …) reach RouteErrorPage.
 */
export async function loadLessonPage({ params, request }: LoaderFunctionArgs): Promise<ServiceLessonData> {
  const { serviceSlug, program } = serviceOf(params);
  const courseSlug = courseSlugOf(params);
  const lessonSlug = lessonSlugOf(params);
  const options = { signal: request.signal, skipStatuses: 'all' } as const;
  const lesson = await askByCourseKind<LessonDetail>(
    program,
    courseSlug,
    {
      learning: () => getLearningLesson(courseSlug, lessonSlug, options),
      seminar: async () => {
        const seminarLesson = await getSeminarLesson(courseSlug, options);
        if (seminarLesson.slug !== lessonSlug) throw notFound();
        return seminarLesson;
      },
    },
    courseKindFromServer(new URL(request.url).pathname),
  );
  return { serviceSlug, lesson: requireCourseUnder(lesson, `/${serviceSlug}/courses/`) };
}

/** `/learn-with-video/{serviceSlug}/courses/{courseSlug}/lessons/{lessonSlug}`: a video course's lesson of that program. */
export async function loadVideoLessonPage({ params, request }: LoaderFunctionArgs): Promise<ServiceLessonData> {
  const { serviceSlug } = videoServiceOf(params);
  const lesson = await getVideoLesson(courseSlugOf(params), lessonSlugOf(params), { signal: request.signal, skipStatuses: 'all' });
  return { serviceSlug, lesson: requireCourseUnder(lesson, `/learn-with-video/${serviceSlug}/courses/`) };
}

/** `/lineyahoo-marketing-skill-badge/courses/{courseSlug}/lessons/{lessonSlug}` (unknown certification slug → 404). */
export async function loadCertificationLessonPage({ params, request }: LoaderFunctionArgs): Promise<CertificationLessonData> {
  const courseSlug = certificationSlugOf(params);
  const lesson = await getCertificationLesson(courseSlug, lessonSlugOf(params), { signal: request.signal, skipStatuses: 'all' });
  return { courseSlug, lesson };
}
