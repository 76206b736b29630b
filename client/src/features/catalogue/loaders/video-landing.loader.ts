import type { CourseCard } from '@campus/contracts/catalogue';
import type { ServiceSlug } from '@campus/contracts/catalogue-slugs';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { getVideoCourses } from '../api/get-video-courses';
import { videoServiceOf } from '../../../lib/course-routes/route-params';

export interface VideoLandingData {
  serviceSlug: ServiceSlug;
  courses: CourseCard[];
}

/** `/learn-with-video/{serviceSlug}`: the program's video courses. */
export async function loadVideoLanding({ params, request }: LoaderFunctionArgs): Promise<VideoLandingData> {
  const { serviceSlug, program } = videoServiceOf(params);
  return { serviceSlug, courses: await getVideoCourses(program, { signal: request.signal, skipStatuses: 'all' }) };
}
