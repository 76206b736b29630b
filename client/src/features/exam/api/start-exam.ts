import type { ExamStart } from '@campus/contracts/exams';
import { startExam as startExamRoute } from '@campus/contracts/routes/certification';
import { callApi } from '../../../lib/call-api';

/**
 * Starts the exam, or returns the running session of the same course (`resumed`). 400
 * (PROFILE_REQUIRED, BASIC_REQUIRED, EXAM_IN_PROGRESS, EXAM_COOLDOWN, BADGE_HELD) and 401 are the caller's
 * (spec §7: "400 handled by caller").
 */
export function startExam(courseSlug: string): Promise<ExamStart> {
  return callApi(startExamRoute, { params: { certificationCourseSlug: courseSlug } }, { skipStatuses: [400, 401] });
}
