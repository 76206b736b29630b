import type { ExamSubmission } from '@campus/contracts/exams';
import { apiClient } from '../../../lib/api-client';
import { examSessionPath } from './exam-paths';

export interface SubmitExamInput {
  examSessionId: string;
  answers: Record<string, string[]>;
}

/**
 * POST /api/v1/exam-sessions/{id}/submit — idempotent; every answer travels in the body, so nothing
 * is lost even when autosaves failed. 401, 400, 500 and network failures are the caller's (spec §7):
 * the exam machine shows the submit-failure popup.
 */
export function submitExam({ examSessionId, answers }: SubmitExamInput): Promise<ExamSubmission> {
  return apiClient.post<ExamSubmission>(`${examSessionPath(examSessionId)}/submit`, { answers }, { skipStatuses: 'all' });
}
