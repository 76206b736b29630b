import {
  changeQuestionStatus as changeQuestionStatusRoute,
  createQuestion as createQuestionRoute,
  exportQuestionBank as exportQuestionBankRoute,
  getQuestionBank as getQuestionBankRoute,
  importQuestionBank as importQuestionBankRoute,
  listQuestionBanks as listQuestionBanksRoute,
  listQuestionVersions as listQuestionVersionsRoute,
  previewExamDraw as previewExamDrawRoute,
  saveQuestion as saveQuestionRoute,
  updateExamBlueprint as updateExamBlueprintRoute,
} from '@campus/contracts/routes/studio-questions';
import type {
  BankQuestion,
  ExamBlueprint,
  ExamPreview,
  ImportQuestionsResult,
  QuestionBank,
  QuestionBankQuery,
  QuestionBankSummary,
  QuestionFields,
} from '@campus/contracts/studio-questions';
import type { ItemStatistics } from '@campus/contracts/item-statistics';
import { getItemStatistics as getItemStatisticsRoute } from '@campus/contracts/routes/exam-analytics';
import { callApi, pathOf } from '../../../lib/call-api';
import { FORM_HANDLED_STATUSES, LOAD_HANDLED_STATUSES } from '../../../lib/submission-errors';

/** The question bank's calls; admin pages take the API's JSON as it is (no schema parse on the way in). */

export const listQuestionBanks = (): Promise<QuestionBankSummary[]> =>
  callApi(listQuestionBanksRoute, {}, { noCache: true, skipStatuses: LOAD_HANDLED_STATUSES }) as Promise<QuestionBankSummary[]>;

export const getQuestionBank = (courseSlug: string, query: QuestionBankQuery = {}): Promise<QuestionBank> =>
  callApi(getQuestionBankRoute, { params: { courseSlug }, query }, { noCache: true, skipStatuses: LOAD_HANDLED_STATUSES.concat(400) }) as Promise<QuestionBank>;

export const listQuestionVersions = (courseSlug: string, questionId: string): Promise<BankQuestion[]> =>
  callApi(listQuestionVersionsRoute, { params: { courseSlug, questionId } }, { noCache: true, skipStatuses: LOAD_HANDLED_STATUSES }) as Promise<BankQuestion[]>;

/** A new question (`questionId` null, expectedVersion 0) or a new version of one: always a draft. */
export const saveQuestion = (courseSlug: string, questionId: string | null, expectedVersion: number, question: QuestionFields): Promise<BankQuestion> =>
  (questionId === null
    ? callApi(createQuestionRoute, { params: { courseSlug }, body: { expectedVersion, question } }, { skipStatuses: FORM_HANDLED_STATUSES })
    : callApi(saveQuestionRoute, { params: { courseSlug, questionId }, body: { expectedVersion, question } }, { skipStatuses: FORM_HANDLED_STATUSES })) as Promise<BankQuestion>;

export const changeQuestionStatus = (courseSlug: string, questionId: string, expectedVersion: number, status: 'review' | 'published' | 'retired'): Promise<BankQuestion> =>
  callApi(changeQuestionStatusRoute, { params: { courseSlug, questionId }, body: { expectedVersion, status } }, { skipStatuses: FORM_HANDLED_STATUSES }) as Promise<BankQuestion>;

export const updateExamBlueprint = (courseSlug: string, expectedVersion: number, blueprint: ExamBlueprint): Promise<{ courseVersion: number }> =>
  callApi(updateExamBlueprintRoute, { params: { courseSlug }, body: { expectedVersion, blueprint } }, { skipStatuses: FORM_HANDLED_STATUSES }) as Promise<{ courseVersion: number }>;

export const importQuestions = (courseSlug: string, yaml: string): Promise<ImportQuestionsResult> =>
  callApi(importQuestionBankRoute, { params: { courseSlug }, body: { yaml } }, { skipStatuses: FORM_HANDLED_STATUSES }) as Promise<ImportQuestionsResult>;

export const previewExamDraw = (courseSlug: string): Promise<ExamPreview> =>
  callApi(previewExamDrawRoute, { params: { courseSlug } }, { noCache: true, skipStatuses: LOAD_HANDLED_STATUSES }) as Promise<ExamPreview>;

/** The download link of the published bank as questions.yaml (a navigation, not an XHR). */
export const questionsYamlHref = (courseSlug: string): string => pathOf(exportQuestionBankRoute, { courseSlug });

export const getItemStatistics = (courseSlug: string): Promise<ItemStatistics> =>
  callApi(getItemStatisticsRoute, { params: { courseSlug } }, { noCache: true, skipStatuses: LOAD_HANDLED_STATUSES }) as Promise<ItemStatistics>;
