import type { ExamResult } from '@campus/contracts/exams';
import { apiClient, isApiError } from '../../../lib/api-client';
import { courseExamPath } from './exam-paths';

/**
 * GET /api/v1/certification-courses/{slug}/last-result — the latest graded attempt, or null (404:
 * none graded yet — spec §7 "404 handled by caller"). Other failures get the default handling.
 */
export async function getLastResult(courseSlug: string): Promise<ExamResult | null> {
  try {
    return await apiClient.get<ExamResult>(`${courseExamPath(courseSlug)}/last-result`, { noCache: true, skipStatuses: [404] });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}
