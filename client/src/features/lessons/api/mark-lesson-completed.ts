import type { LessonCompletion } from '@campus/contracts/lessons';
import { completeLesson, completeSeminarLesson } from '@campus/contracts/routes/lessons';
import { callApi } from '../../../lib/call-api';
import type { LessonAddress } from '../lesson-address';

/**
 * Idempotent; answers the course progress and whether to ask for a review. Needs login and accepted
 * agreements: failures get the default handling (spec §8: login popup, terms popup, alerts).
 */
export function markLessonCompleted(address: LessonAddress): Promise<LessonCompletion> {
  const { courseKind: kind, courseSlug, lessonSlug } = address;
  // A seminar has one lesson, addressed through its course.
  return kind === 'seminar' ? callApi(completeSeminarLesson, { params: { courseSlug } }) : callApi(completeLesson, { params: { kind, courseSlug, lessonSlug } });
}
