import type { QuestionStatus } from '@campus/contracts/studio-questions';

export const QUESTION_STATUS_LABELS: Record<QuestionStatus, string> = { draft: '下書き', review: 'レビュー中', published: '公開中', retired: '廃止' };
export const QUESTION_TYPE_LABELS = { single: 'ひとつ選ぶ', multiple: 'すべて選ぶ' } as const;
export const DIFFICULTY_LABELS = { easy: 'やさしい', medium: 'ふつう', hard: 'むずかしい' } as const;

export const STUDIO_QUESTIONS_PATH = '/admin/studio/questions';
export const questionBankPath = (courseSlug: string) => `${STUDIO_QUESTIONS_PATH}/${courseSlug}`;
export const newQuestionPath = (courseSlug: string) => `${questionBankPath(courseSlug)}/new`;
export const questionEditPath = (courseSlug: string, questionId: string) => `${questionBankPath(courseSlug)}/edit/${questionId}`;
export const blueprintPath = (courseSlug: string) => `${questionBankPath(courseSlug)}/blueprint`;
export const examPreviewPath = (courseSlug: string) => `${questionBankPath(courseSlug)}/preview`;
/** The item statistics page (built beside the bank) opened on one question. */
export const questionStatisticsPath = (courseSlug: string, questionId: string) => `${questionBankPath(courseSlug)}/statistics?question=${encodeURIComponent(questionId)}`;
