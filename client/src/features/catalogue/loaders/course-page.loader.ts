import type { CourseDetail } from '@campus/contracts/catalogue';
import type { ServiceSlug } from '@campus/contracts/catalogue-slugs';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { getLearningCourse } from '../api/get-learning-course';
import { getSeminarCourse } from '../api/get-seminar-course';
import { getVideoCourse } from '../api/get-video-course';
import { askByCourseKind } from '../../../lib/course-routes/course-kind';
import { courseKindFromServer } from '../../../lib/course-routes/course-kind-from-server';
import { courseSlugOf, notFound, serviceOf, videoServiceOf } from '../../../lib/course-routes/route-params';

export interface CoursePageData {
  serviceSlug: ServiceSlug;
  course: CourseDetail;
}

/**
 * `/{serviceSlug}/courses/{courseSlug}`: learning and seminar courses share this address; the
 * server's answer to the page's HTML, or else the program's seminar list, says which endpoint to ask
 * (course-kind.ts). A course of another program
 * is not at this address at all (404), whatever its slug.
 */
export async function loadCoursePage({ params, request }: LoaderFunctionArgs): Promise<CoursePageData> {
  const { serviceSlug, program } = serviceOf(params);
  const slug = courseSlugOf(params);
  const options = { signal: request.signal, skipStatuses: 'all' } as const;
  const course = await askByCourseKind<CourseDetail>(
    program,
    slug,
    { learning: () => getLearningCourse(slug, options), seminar: () => getSeminarCourse(slug, options) },
    courseKindFromServer(new URL(request.url).pathname),
  );
  if (course.program !== program) throw notFound();
  return { serviceSlug, course };
}

/** `/learn-with-video/{serviceSlug}/courses/{courseSlug}`: a video course of that program. */
export async function loadVideoCoursePage({ params, request }: LoaderFunctionArgs): Promise<CoursePageData> {
  const { serviceSlug, program } = videoServiceOf(params);
  const course = await getVideoCourse(courseSlugOf(params), { signal: request.signal, skipStatuses: 'all' });
  if (course.program !== program) throw notFound();
  return { serviceSlug, course };
}
