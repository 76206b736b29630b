import type { CurrentExamSession } from '@campus/contracts/exams';
import { apiClient, isApiError } from '../../../lib/api-client';
import { courseExamPath } from './exam-paths';

/**
 * GET /api/v1/certification-courses/{slug}/current-exam-session — the learner's running session of
 * this course, or null when there is none (404). Other failures reject silently: the policy page
 * works without knowing (the start call resumes a running session anyway).
 */
export async function getCurrentExamSession(courseSlug: string): Promise<CurrentExamSession | null> {
  try {
    return await apiClient.get<CurrentExamSession>(`${courseExamPath(courseSlug)}/current-exam-session`, {
      noCache: true,
      skipStatuses: 'all',
    });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}
