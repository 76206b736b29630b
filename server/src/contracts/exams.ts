import { z } from 'zod';

export const examQuestionSchema = z
  .object({
    questionId: z.string(),
    type: z.enum(['single', 'multiple']),
    prompt: z.string(),
    choices: z.array(z.object({ choiceId: z.string(), text: z.string() })),
  })
  .meta({ id: 'ExamQuestion' });

/** The running session as the exam page needs it: never a correct flag, topic or explanation. */
export const examSessionSchema = z
  .object({
    examSessionId: z.string(),
    courseSlug: z.string(),
    startedAt: z.string(),
    deadline: z.string(),
    questions: z.array(examQuestionSchema),
    answers: z.record(z.string(), z.array(z.string())),
  })
  .meta({ id: 'ExamSession' });

export const examStartSchema = z
  .object({ examSessionId: z.string(), deadline: z.string(), resumed: z.boolean() })
  .meta({ id: 'ExamStart' });

export const currentExamSessionSchema = z
  .object({ examSessionId: z.string(), courseSlug: z.string(), deadline: z.string() })
  .meta({ id: 'CurrentExamSession' });

/** The path parameters of the exam-session routes the server checks before any lookup. */
export const examSessionParamsSchema = z.object({ examSessionId: z.uuid('試験の ID が正しくありません') });

export const saveAnswerRequestSchema = z
  .object({ choiceIds: z.array(z.string().min(1).max(20), '選択肢の ID の配列で指定してください').max(20) })
  .meta({ id: 'SaveAnswerRequest' });
export const savedAnswerSchema = z.object({ savedAt: z.string() }).meta({ id: 'SavedAnswer' });

export type ExamQuestion = z.infer<typeof examQuestionSchema>;
export type ExamSession = z.infer<typeof examSessionSchema>;
export type ExamStart = z.infer<typeof examStartSchema>;
export type CurrentExamSession = z.infer<typeof currentExamSessionSchema>;
export type SaveAnswerRequest = z.infer<typeof saveAnswerRequestSchema>;
export type SavedAnswer = z.infer<typeof savedAnswerSchema>;

export const submitExamRequestSchema = z
  .object({ answers: z.record(z.string(), z.array(z.string().min(1).max(20)).max(20)).optional() })
  .meta({ id: 'SubmitExamRequest' });
export const examSubmissionSchema = z
  .object({ examSessionId: z.string(), status: z.enum(['submitted', 'expired', 'graded']), finishedAt: z.string() })
  .meta({ id: 'ExamSubmission' });

export const examResultSchema = z
  .object({
    examSessionId: z.string(),
    courseSlug: z.string(),
    finishedAt: z.string(),
    passed: z.boolean(),
    percent: z.number().int(),
    correct: z.number().int(),
    total: z.number().int(),
    /** `topic` is the content pack's slug (a stable key); `name` is what the learner reads (分野別の結果). */
    topics: z.array(z.object({ topic: z.string(), name: z.string(), correct: z.number().int(), total: z.number().int() })),
    /** After a failed attempt: when the next one opens. */
    nextAttemptAt: z.string().nullable(),
  })
  .meta({ id: 'ExamResult' });

export type SubmitExamRequest = z.infer<typeof submitExamRequestSchema>;
export type ExamSubmission = z.infer<typeof examSubmissionSchema>;
export type ExamResult = z.infer<typeof examResultSchema>;
