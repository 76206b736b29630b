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
