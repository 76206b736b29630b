import type { LessonCompletion } from '@campus/contracts/lessons';
import { apiClient } from '../../../lib/api-client';
import { lessonApiPath, type LessonAddress } from '../lesson-address';

/**
 * PUT …/lessons/{lessonSlug}/mark-as-completed (seminar: …/lesson/mark-as-completed) — idempotent;
 * answers the course progress and whether to ask for a review. Needs login and accepted
 * agreements: failures get the default handling (spec §8: login popup, terms popup, alerts).
 */
export function markLessonCompleted(address: LessonAddress): Promise<LessonCompletion> {
  return apiClient.put<LessonCompletion>(`${lessonApiPath(address)}/mark-as-completed`);
}
