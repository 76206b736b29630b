import type { CurrentExamSession } from '@campus/contracts/exams';
import { getCurrentExamSession as currentExamSessionRoute } from '@campus/contracts/routes/certification';
import { callApi } from '../../../lib/call-api';

/**
 * The learner's open session of this course, or null when there is none (an answer, 200 with null:
 * no console error for an expected miss). Failures reject silently: the policy page works without
 * knowing (the start call resumes a running session anyway).
 */
export function getCurrentExamSession(courseSlug: string): Promise<CurrentExamSession | null> {
  return callApi(currentExamSessionRoute, { params: { certificationCourseSlug: courseSlug } }, { noCache: true, skipStatuses: 'all' });
}
