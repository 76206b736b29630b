import type { SavedAnswer } from '@campus/contracts/exams';
import { saveAnswer as saveAnswerRoute } from '@campus/contracts/routes/certification';
import { XHR_HEADERS } from '../../../lib/api-client';
import { callApi, pathOf } from '../../../lib/call-api';

export interface SaveAnswerInput {
  examSessionId: string;
  questionId: string;
  choiceIds: string[];
}

/**
 * Acknowledged only after the server's commit. Autosave runs in the background, so no failure opens
 * a popup: the exam machine retries and shows 未保存 instead.
 */
export function saveAnswer({ examSessionId, questionId, choiceIds }: SaveAnswerInput): Promise<SavedAnswer> {
  return callApi(saveAnswerRoute, { params: { examSessionId, questionId }, body: { choiceIds } }, { skipStatuses: 'all' });
}

/**
 * The same PUTs for a page being hidden or left, with `keepalive` so they outlive it. Nobody is
 * there to hear the answer: the entries stay queued, and a page that comes back sends them again.
 */
export function saveAnswersOnLeave(examSessionId: string, answers: readonly Pick<SaveAnswerInput, 'questionId' | 'choiceIds'>[]): void {
  for (const { questionId, choiceIds } of answers) {
    void fetch(pathOf(saveAnswerRoute, { examSessionId, questionId }), {
      method: saveAnswerRoute.method,
      headers: { ...XHR_HEADERS, Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ choiceIds }),
      credentials: 'same-origin',
      keepalive: true,
    }).catch(() => undefined);
  }
}
