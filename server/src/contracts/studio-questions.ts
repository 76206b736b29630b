import { z } from 'zod';

export const QUESTION_STATUSES = ['draft', 'review', 'published', 'retired'] as const;
export type QuestionStatus = (typeof QUESTION_STATUSES)[number];

const text = (label: string, max: number) =>
  z
    .string(`${label}を入力してください`)
    .trim()
    .min(1, `${label}を入力してください`)
    .max(max, `${label}は ${max.toLocaleString('ja-JP')} 文字以内で入力してください`);

/** One question as the studio writes it: 2–6 choices, one right for single, two or more (not all) for multiple. */
export const questionFieldsSchema = z
  .strictObject({
    topic: z.string('分野を選んでください').min(1, '分野を選んでください').max(60),
    type: z.enum(['single', 'multiple'], '形式は single（ひとつ選ぶ）か multiple（すべて選ぶ）です'),
    prompt: text('問題文', 1000),
    choices: z
      .array(z.strictObject({ text: text('選択肢', 300), correct: z.boolean('正解かどうかを指定してください') }), '選択肢を入力してください')
      .min(2, '選択肢は 2 つ以上にしてください')
      .max(6, '選択肢は 6 つまでです'),
    explanation: text('解説', 2000),
    difficulty: z.enum(['easy', 'medium', 'hard'], '難易度は easy / medium / hard のいずれかです').nullable(),
  })
  .superRefine((question, context) => {
    const correct = question.choices.filter((choice) => choice.correct).length;
    if (question.type === 'single' && correct !== 1) {
      context.addIssue({ code: 'custom', path: ['choices'], message: correct === 0 ? '正解の選択肢を 1 つ選んでください' : 'ひとつ選ぶ問題の正解は 1 つだけです' });
    }
    if (question.type === 'multiple') {
      if (correct < 2) context.addIssue({ code: 'custom', path: ['choices'], message: 'すべて選ぶ問題の正解は 2 つ以上にしてください' });
      else if (correct === question.choices.length) context.addIssue({ code: 'custom', path: ['choices'], message: 'すべての選択肢を正解にはできません' });
    }
  });

export const saveQuestionRequestSchema = z
  .strictObject({
    /** The version the admin edited; 0 for a new question. */
    expectedVersion: z.number('expectedVersion を指定してください').int().min(0),
    question: questionFieldsSchema,
  })
  .meta({ id: 'SaveQuestionRequest' });

export const changeQuestionStatusRequestSchema = z
  .strictObject({
    expectedVersion: z.number('expectedVersion を指定してください').int().min(1),
    status: z.enum(['review', 'published', 'retired'], 'status は review / published / retired のいずれかです'),
  })
  .meta({ id: 'ChangeQuestionStatusRequest' });

export const bankQuestionSchema = z
  .object({
    questionId: z.string(),
    /** The latest version (what the editor shows and edits). */
    version: z.number().int(),
    status: z.enum(QUESTION_STATUSES),
    /** The version learners are drawn, null when none is published. */
    publishedVersion: z.number().int().nullable(),
    topic: z.string(),
    type: z.enum(['single', 'multiple']),
    prompt: z.string(),
    choices: z.array(z.object({ text: z.string(), correct: z.boolean() })),
    explanation: z.string(),
    difficulty: z.enum(['easy', 'medium', 'hard']).nullable(),
    editedAt: z.string(),
    editedByName: z.string().nullable(),
  })
  .meta({ id: 'BankQuestion' });

export const examBlueprintSchema = z
  .strictObject({
    /** 0 while a new course's bank is being written: learners see the course once it draws at least one question. */
    questionCount: z.number('出題数を入力してください').int('出題数は整数です').min(0, '出題数は 0〜100 問です').max(100, '出題数は 100 問までです'),
    minutes: z.number('制限時間を入力してください').int('制限時間は分単位の整数です').min(5, '制限時間は 5 分以上にしてください').max(240, '制限時間は 240 分までです'),
    passPercent: z.number('合格点を入力してください').int('合格点は整数です').min(1, '合格点は 1〜100 (%) です').max(100, '合格点は 1〜100 (%) です'),
    retakeWaitHours: z.number('再受験までの時間を入力してください').int('再受験までの時間は整数です').min(0, '再受験までの時間は 0〜720 時間です').max(720, '再受験までの時間は 0〜720 時間です'),
    topics: z.record(
      z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, '分野のスラッグは半角英小文字・数字・ハイフンです'),
      // 0: the topic is there to write questions in, but the exam does not draw from it yet.
      z.number('分野ごとの出題数を入力してください').int('分野ごとの出題数は整数です').min(0, '分野ごとの出題数は 0 問以上です').max(100, '分野ごとの出題数は 100 問までです'),
    ),
    topicNames: z.record(z.string(), text('分野名', 60)),
    badgeValidMonths: z.number('バッジの有効期間を入力してください').int().min(1, 'バッジの有効期間は 1〜60 か月です').max(60, 'バッジの有効期間は 1〜60 か月です'),
  })
  .meta({ id: 'ExamBlueprint' });

export const questionBankSchema = z
  .object({
    courseSlug: z.string(),
    courseTitle: z.string(),
    /** The course row's version: the blueprint's optimistic check. */
    courseVersion: z.number().int(),
    blueprint: examBlueprintSchema,
    /** Published questions per topic, beside what the blueprint draws. */
    publishedByTopic: z.record(z.string(), z.number().int()),
    questions: z.array(bankQuestionSchema),
  })
  .meta({ id: 'QuestionBank' });

export const questionBankQuerySchema = z.strictObject({
  status: z.enum(QUESTION_STATUSES, 'status は draft / review / published / retired のいずれかです').optional(),
  topic: z.string().max(60).optional(),
  type: z.enum(['single', 'multiple'], 'type は single か multiple です').optional(),
  q: z.string().max(100, '検索語は 100 文字以内で入力してください').optional(),
});

export const updateBlueprintRequestSchema = z.strictObject({ expectedVersion: z.number().int().min(0), blueprint: examBlueprintSchema }).meta({ id: 'UpdateBlueprintRequest' });

export const questionVersionsSchema = z.array(bankQuestionSchema).meta({ id: 'QuestionVersions' });

export type QuestionFields = z.infer<typeof questionFieldsSchema>;
export type SaveQuestionRequest = z.infer<typeof saveQuestionRequestSchema>;
export type ChangeQuestionStatusRequest = z.infer<typeof changeQuestionStatusRequestSchema>;
export type BankQuestion = z.infer<typeof bankQuestionSchema>;
export type ExamBlueprint = z.infer<typeof examBlueprintSchema>;
export type QuestionBank = z.infer<typeof questionBankSchema>;
export type QuestionBankQuery = z.infer<typeof questionBankQuerySchema>;
export type UpdateBlueprintRequest = z.infer<typeof updateBlueprintRequestSchema>;

/** One certification course in the studio's bank list: how many questions are in each state. */
export const questionBankSummarySchema = z
  .object({
    courseSlug: z.string(),
    courseTitle: z.string(),
    questionCount: z.number().int().describe('Questions one exam draws.'),
    byStatus: z.record(z.enum(QUESTION_STATUSES), z.number().int()),
  })
  .meta({ id: 'QuestionBankSummary' });

export const questionBankListSchema = z.array(questionBankSummarySchema).meta({ id: 'QuestionBankList' });

/** The import's cap: a questions.yaml of up to 1 MB (UTF-8). */
export const QUESTION_YAML_MAX_BYTES = 1_000_000;

export const importQuestionsRequestSchema = z
  .strictObject({
    yaml: z
      .string('questions.yaml の内容を指定してください')
      .min(1, 'questions.yaml が空です')
      .refine((yaml) => new TextEncoder().encode(yaml).length <= QUESTION_YAML_MAX_BYTES, 'questions.yaml は 1 MB までです'),
  })
  .meta({ id: 'ImportQuestionsRequest' });

/** What an import did: new questions and changed ones became drafts; the same ones were left alone. */
export const importQuestionsResultSchema = z
  .object({ created: z.array(z.string()), changed: z.array(z.string()), unchanged: z.number().int() })
  .meta({ id: 'ImportQuestionsResult' });

/** A sample exam drawn from the working bank (drafts included) as the blueprint asks: nothing is saved. */
export const examPreviewSchema = z
  .object({
    courseSlug: z.string(),
    courseTitle: z.string(),
    minutes: z.number().int(),
    questionCount: z.number().int(),
    /** Topics the working bank cannot fill, with how many it has: the sample is shorter by that much. */
    shortTopics: z.array(z.object({ topic: z.string(), name: z.string(), required: z.number().int(), available: z.number().int() })),
    questions: z.array(
      z.object({
        questionId: z.string(),
        version: z.number().int(),
        status: z.enum(QUESTION_STATUSES),
        topic: z.string(),
        type: z.enum(['single', 'multiple']),
        prompt: z.string(),
        choices: z.array(z.object({ choiceId: z.string(), text: z.string(), correct: z.boolean() })),
        explanation: z.string(),
      }),
    ),
  })
  .meta({ id: 'ExamPreview' });

export type QuestionBankSummary = z.infer<typeof questionBankSummarySchema>;
export type ImportQuestionsRequest = z.infer<typeof importQuestionsRequestSchema>;
export type ImportQuestionsResult = z.infer<typeof importQuestionsResultSchema>;
export type ExamPreview = z.infer<typeof examPreviewSchema>;
