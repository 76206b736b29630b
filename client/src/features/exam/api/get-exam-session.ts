import type { ExamSession } from '@campus/contracts/exams';
import { apiClient } from '../../../lib/api-client';
import { courseExamPath } from './exam-paths';

/**
 * GET /api/v1/certification-courses/{slug}/exam — the running session: frozen questions (never a
 * correctness hint), the answers the server has, the deadline. 404 when none runs: the caller's.
 */
export function getExamSession(courseSlug: string): Promise<ExamSession> {
  return apiClient.get<ExamSession>(`${courseExamPath(courseSlug)}/exam`, { noCache: true, skipStatuses: [404] });
}
