import type { CourseDetail } from '@campus/contracts/catalogue';
import { getCourse } from '@campus/contracts/routes/catalogue';
import { callApi } from '../../../lib/call-api';
import type { ReadOptions } from '../../../lib/request-options';

/** 404 unknown. */
export function getVideoCourse(slug: string, options: ReadOptions = {}): Promise<CourseDetail> {
  return callApi(getCourse, { params: { kind: 'video', courseSlug: slug } }, options);
}
