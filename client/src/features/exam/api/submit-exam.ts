import type { ExamSubmission } from '@campus/contracts/exams';
import { submitExam as submitExamRoute } from '@campus/contracts/routes/certification';
import { callApi } from '../../../lib/call-api';

export interface SubmitExamInput {
  examSessionId: string;
  answers: Record<string, string[]>;
}

/**
 * Idempotent; every answer travels in the body, so nothing is lost even when autosaves failed. 401,
 * 400, 500 and network failures are the caller's (spec §7): the exam machine shows the
 * submit-failure popup.
 */
export function submitExam({ examSessionId, answers }: SubmitExamInput): Promise<ExamSubmission> {
  return callApi(submitExamRoute, { params: { examSessionId }, body: { answers } }, { skipStatuses: 'all' });
}
