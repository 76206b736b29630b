import type { LessonDetail } from '@campus/contracts/lessons';
import { apiClient } from '../../../lib/api-client';
import { lessonApiPath } from '../lesson-address';
import type { LessonRequestOptions } from './request-options';

/** GET /api/v1/video-courses/{courseSlug}/lessons/{lessonSlug} — 404 unknown; 403 for a visitor on a logged-in-only lesson. */
export function getVideoLesson(courseSlug: string, lessonSlug: string, options: LessonRequestOptions = {}): Promise<LessonDetail> {
  return apiClient.get<LessonDetail>(lessonApiPath({ courseKind: 'video', courseSlug, lessonSlug }), options);
}
