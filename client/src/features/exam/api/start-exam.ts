import type { ExamStart } from '@campus/contracts/exams';
import { apiClient } from '../../../lib/api-client';
import { courseExamPath } from './exam-paths';

/**
 * POST /api/v1/certification-courses/{slug}/exam/start/ — starts the exam, or returns the running
 * session of the same course (`resumed`). 400 (PROFILE_REQUIRED, BASIC_REQUIRED, EXAM_IN_PROGRESS,
 * EXAM_COOLDOWN) and 401 are the caller's (spec §7: "400 handled by caller").
 */
export function startExam(courseSlug: string): Promise<ExamStart> {
  return apiClient.post<ExamStart>(`${courseExamPath(courseSlug)}/exam/start/`, undefined, { skipStatuses: [400, 401] });
}
