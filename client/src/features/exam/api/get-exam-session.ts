import type { ExamSession } from '@campus/contracts/exams';
import { getExamSession as examSessionRoute } from '@campus/contracts/routes/certification';
import { callApi } from '../../../lib/call-api';

/**
 * The running session: frozen questions (never a correctness hint), the answers the server has, the
 * deadline. 404 when none runs: the caller's.
 */
export function getExamSession(courseSlug: string): Promise<ExamSession> {
  return callApi(examSessionRoute, { params: { certificationCourseSlug: courseSlug } }, { noCache: true, skipStatuses: [404] });
}
