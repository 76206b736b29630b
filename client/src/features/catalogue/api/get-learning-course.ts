import type { CourseDetail } from '@campus/contracts/catalogue';
import { getCourse } from '@campus/contracts/routes/catalogue';
import { callApi } from '../../../lib/call-api';
import type { ReadOptions } from '../../../lib/request-options';

/** 404 unknown; 403 for a visitor on a logged-in-only course. */
export function getLearningCourse(slug: string, options: ReadOptions = {}): Promise<CourseDetail> {
  return callApi(getCourse, { params: { kind: 'learning', courseSlug: slug } }, options);
}
