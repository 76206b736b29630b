import {
  changeQuestionStatus as changeQuestionStatusRoute,
  createQuestion as createQuestionRoute,
  getQuestionBank as getQuestionBankRoute,
  listQuestionVersions as listQuestionVersionsRoute,
  saveQuestion as saveQuestionRoute,
  updateExamBlueprint as updateExamBlueprintRoute,
} from '@campus/contracts/routes/studio-questions';
import type { BankQuestion, ExamBlueprint, QuestionBank, QuestionBankQuery, QuestionFields } from '@campus/contracts/studio-questions';
import type { ItemStatistics } from '@campus/contracts/item-statistics';
import { getItemStatistics as getItemStatisticsRoute } from '@campus/contracts/routes/exam-analytics';
import { callApi } from '../../../lib/call-api';
import { FORM_HANDLED_STATUSES, LOAD_HANDLED_STATUSES } from '../../../lib/submission-errors';

/** The question bank studio's calls (admin pages: answers are the API's own JSON). */

export const getQuestionBank = (courseSlug: string, query: QuestionBankQuery = {}): Promise<QuestionBank> =>
  callApi(getQuestionBankRoute, { params: { courseSlug }, query }, { noCache: true, skipStatuses: LOAD_HANDLED_STATUSES }) as Promise<QuestionBank>;

export const saveBankQuestion = (courseSlug: string, questionId: string | null, expectedVersion: number, question: QuestionFields): Promise<BankQuestion> =>
  (questionId === null
    ? callApi(createQuestionRoute, { params: { courseSlug }, body: { expectedVersion, question } }, { skipStatuses: FORM_HANDLED_STATUSES })
    : callApi(saveQuestionRoute, { params: { courseSlug, questionId }, body: { expectedVersion, question } }, { skipStatuses: FORM_HANDLED_STATUSES })) as Promise<BankQuestion>;

export const changeBankQuestionStatus = (courseSlug: string, questionId: string, expectedVersion: number, status: 'review' | 'published' | 'retired'): Promise<BankQuestion> =>
  callApi(changeQuestionStatusRoute, { params: { courseSlug, questionId }, body: { expectedVersion, status } }, { skipStatuses: FORM_HANDLED_STATUSES }) as Promise<BankQuestion>;

export const listBankQuestionVersions = (courseSlug: string, questionId: string): Promise<BankQuestion[]> =>
  callApi(listQuestionVersionsRoute, { params: { courseSlug, questionId } }, { noCache: true, skipStatuses: LOAD_HANDLED_STATUSES }) as Promise<BankQuestion[]>;

export const updateBlueprint = (courseSlug: string, expectedVersion: number, blueprint: ExamBlueprint): Promise<{ courseVersion: number }> =>
  callApi(updateExamBlueprintRoute, { params: { courseSlug }, body: { expectedVersion, blueprint } }, { skipStatuses: FORM_HANDLED_STATUSES }) as Promise<{ courseVersion: number }>;

export const getItemStatistics = (courseSlug: string): Promise<ItemStatistics> =>
  callApi(getItemStatisticsRoute, { params: { courseSlug } }, { noCache: true, skipStatuses: LOAD_HANDLED_STATUSES }) as Promise<ItemStatistics>;
