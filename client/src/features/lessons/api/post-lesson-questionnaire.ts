import type { LessonQuestionnaireRequest } from '@campus/contracts/lessons';
import { apiClient } from '../../../lib/api-client';

export interface QuestionnaireReceipt {
  receivedAt: string;
}

/** POST /api/v1/questionnaires/lesson/answers — 「このレッスンは役に立ちましたか？」; visitors may answer too. */
export function postLessonQuestionnaire(body: LessonQuestionnaireRequest): Promise<QuestionnaireReceipt> {
  return apiClient.post<QuestionnaireReceipt>('/api/v1/questionnaires/lesson/answers', body);
}
