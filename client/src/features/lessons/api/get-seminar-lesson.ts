import type { LessonDetail } from '@campus/contracts/lessons';
import { getSeminarLesson as seminarLessonRoute } from '@campus/contracts/routes/lessons';
import { callApi } from '../../../lib/call-api';
import type { ReadOptions } from '../../../lib/request-options';

/** A seminar's one lesson; 404 unknown; 403 for a visitor on a logged-in-only seminar. */
export function getSeminarLesson(courseSlug: string, options: ReadOptions = {}): Promise<LessonDetail> {
  return callApi(seminarLessonRoute, { params: { courseSlug } }, options);
}
