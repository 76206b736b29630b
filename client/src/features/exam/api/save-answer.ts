import type { SavedAnswer } from '@campus/contracts/exams';
import { apiClient, XHR_HEADERS } from '../../../lib/api-client';
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

/**
 * The same PUTs for a page being hidden or left, with `keepalive` so they outlive it. Nobody is
 * there to hear the answer: the entries stay queued, and a page that comes back sends them again.
 */
export function saveAnswersOnLeave(examSessionId: string, answers: readonly Pick<SaveAnswerInput, 'questionId' | 'choiceIds'>[]): void {
  for (const { questionId, choiceIds } of answers) {
    void fetch(`${examSessionPath(examSessionId)}/answers/${encodeURIComponent(questionId)}`, {
      method: 'PUT',
      headers: { ...XHR_HEADERS, Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ choiceIds }),
      credentials: 'same-origin',
      keepalive: true,
    }).catch(() => undefined);
  }
}
