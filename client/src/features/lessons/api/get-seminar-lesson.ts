import type { LessonDetail } from '@campus/contracts/lessons';
import { apiClient } from '../../../lib/api-client';
import { lessonApiPath } from '../lesson-address';
import type { ReadOptions } from '../../../lib/request-options';

/** GET /api/v1/seminar-courses/{courseSlug}/lesson — a seminar's one lesson; 404 unknown; 403 for a visitor on a logged-in-only seminar. */
export function getSeminarLesson(courseSlug: string, options: ReadOptions = {}): Promise<LessonDetail> {
  return apiClient.get<LessonDetail>(lessonApiPath({ courseKind: 'seminar', courseSlug, lessonSlug: '' }), options);
}
