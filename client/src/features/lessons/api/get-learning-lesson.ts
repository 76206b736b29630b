import type { LessonDetail } from '@campus/contracts/lessons';
import { apiClient } from '../../../lib/api-client';
import { lessonApiPath } from '../lesson-address';
import type { ReadOptions } from '../../../lib/request-options';

/** GET /api/v1/learning-courses/{courseSlug}/lessons/{lessonSlug} — 404 unknown; 403 for a visitor on a logged-in-only lesson. */
export function getLearningLesson(courseSlug: string, lessonSlug: string, options: ReadOptions = {}): Promise<LessonDetail> {
  return apiClient.get<LessonDetail>(lessonApiPath({ courseKind: 'learning', courseSlug, lessonSlug }), options);
}
