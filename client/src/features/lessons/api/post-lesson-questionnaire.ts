import type { LessonQuestionnaireRequest } from '@campus/contracts/lessons';
import { answerLessonQuestionnaire } from '@campus/contracts/routes/lessons';
import { callApi } from '../../../lib/call-api';

export interface QuestionnaireReceipt {
  receivedAt: string;
}

/** 「このレッスンは役に立ちましたか？」; visitors may answer too. */
export function postLessonQuestionnaire(body: LessonQuestionnaireRequest): Promise<QuestionnaireReceipt> {
  return callApi(answerLessonQuestionnaire, { body });
}
