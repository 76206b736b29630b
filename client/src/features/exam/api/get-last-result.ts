import type { ExamResult } from '@campus/contracts/exams';
import { getLastResult as lastResultRoute } from '@campus/contracts/routes/certification';
import { isApiError } from '../../../lib/api-client';
import { callApi } from '../../../lib/call-api';

/** The latest attempt has ended and the worker is grading it (404 RESULT_PENDING). */
export const RESULT_PENDING = 'pending';

/**
 * The latest graded attempt; null when none was graded (404: spec §7 "404 handled by caller");
 * RESULT_PENDING while the latest one is being graded. Other failures get the default handling.
 */
export async function getLastResult(courseSlug: string): Promise<ExamResult | null | typeof RESULT_PENDING> {
  try {
    return await callApi(lastResultRoute, { params: { certificationCourseSlug: courseSlug } }, { noCache: true, skipStatuses: [404] });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return error.code === 'RESULT_PENDING' ? RESULT_PENDING : null;
    throw error;
  }
}
