import type { CurrentExamSession } from '@campus/contracts/exams';
import { getCurrentExamSession as currentExamSessionRoute } from '@campus/contracts/routes/certification';
import { isApiError } from '../../../lib/api-client';
import { callApi } from '../../../lib/call-api';

/**
 * The learner's running session of this course, or null when there is none (404). Other failures
 * reject silently: the policy page works without knowing (the start call resumes a running session
 * anyway).
 */
export async function getCurrentExamSession(courseSlug: string): Promise<CurrentExamSession | null> {
  try {
    return await callApi(currentExamSessionRoute, { params: { certificationCourseSlug: courseSlug } }, {
      noCache: true,
      skipStatuses: 'all',
    });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}
