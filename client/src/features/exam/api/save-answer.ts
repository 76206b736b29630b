import type { SavedAnswer } from '@campus/contracts/exams';
import { apiClient } from '../../../lib/api-client';
import { examSessionPath } from './exam-paths';

export interface SaveAnswerInput {
  examSessionId: string;
  questionId: string;
  choiceIds: string[];
}

/**
 * PUT /api/v1/exam-sessions/{id}/answers/{questionId} — acknowledged only after the server's commit.
 * Autosave runs in the background, so no failure opens a popup: the exam machine retries and shows
 * 未保存 instead.
 */
export function saveAnswer({ examSessionId, questionId, choiceIds }: SaveAnswerInput): Promise<SavedAnswer> {
  return apiClient.put<SavedAnswer>(`${examSessionPath(examSessionId)}/answers/${encodeURIComponent(questionId)}`, { choiceIds }, {
    skipStatuses: 'all',
  });
}
