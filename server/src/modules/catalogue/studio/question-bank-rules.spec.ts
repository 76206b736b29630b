import { stringify } from 'yaml';
import { AppError } from '../../../core/errors/app-error';
import { examBlueprintSchema, questionFieldsSchema, type QuestionFields } from '../../../contracts/studio-questions';
import { questionSchema } from '../content/content-schema';
import { samplePreview } from './exam-preview';
import { blueprintShortfall } from './question-bank';
import { readQuestionsYaml, sameContent, toPackItem, toQuestionsYaml } from './question-yaml';

const question = (overrides: Partial<QuestionFields> = {}): QuestionFields => ({
  topic: 'basics',
  type: 'single',
  prompt: '正しいものはどれか。',
  choices: [
    { text: '正しい', correct: true },
    { text: '誤り', correct: false },
    { text: 'もう一つの誤り', correct: false },
  ],
  explanation: '正しいものが正解です。',
  difficulty: null,
  ...overrides,
});

const messagesOf = (input: unknown) => {
  const parsed = questionFieldsSchema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

const refusalOf = (run: () => unknown): AppError => {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
};

describe('question rules', () => {
  it('takes a single-answer question with one right choice and a multiple-answer one with some right', () => {
    expect(messagesOf(question())).toEqual([]);
    expect(messagesOf(question({ type: 'multiple', choices: [{ text: 'A', correct: true }, { text: 'B', correct: true }, { text: 'C', correct: false }] }))).toEqual([]);
  });

  it.each([
    ['no right choice', question({ choices: [{ text: 'A', correct: false }, { text: 'B', correct: false }] }), 'choices: 正解の選択肢を 1 つ選んでください'],
    ['two right in single', question({ choices: [{ text: 'A', correct: true }, { text: 'B', correct: true }] }), 'choices: ひとつ選ぶ問題の正解は 1 つだけです'],
    ['one right in multiple', question({ type: 'multiple' }), 'choices: すべて選ぶ問題の正解は 2 つ以上にしてください'],
    ['all right in multiple', question({ type: 'multiple', choices: [{ text: 'A', correct: true }, { text: 'B', correct: true }] }), 'choices: すべての選択肢を正解にはできません'],
    ['one choice', question({ choices: [{ text: 'A', correct: true }] }), 'choices: 選択肢は 2 つ以上にしてください'],
    ['seven choices', question({ choices: Array.from({ length: 7 }, (_, index) => ({ text: `${index}`, correct: index === 0 })) }), 'choices: 選択肢は 6 つまでです'],
    ['a 301-character choice', question({ choices: [{ text: 'あ'.repeat(301), correct: true }, { text: 'B', correct: false }] }), 'choices.0.text: 選択肢は 300 文字以内で入力してください'],
    ['a 1,001-character prompt', question({ prompt: 'あ'.repeat(1001) }), 'prompt: 問題文は 1,000 文字以内で入力してください'],
    ['a 2,001-character explanation', question({ explanation: 'あ'.repeat(2001) }), 'explanation: 解説は 2,000 文字以内で入力してください'],
    ['an unknown difficulty', { ...question(), difficulty: 'extreme' }, 'difficulty: 難易度は easy / medium / hard のいずれかです'],
  ])('refuses %s, naming the field in Japanese', (_name, input, message) => {
    expect(messagesOf(input)).toContain(message);
  });
});

describe('blueprint rules', () => {
  const blueprint = { questionCount: 5, minutes: 30, passPercent: 70, retakeWaitHours: 24, topics: { basics: 3, advanced: 2 }, topicNames: { basics: '基本', advanced: '応用' }, badgeValidMonths: 12 };

  it('names the first topic the published bank cannot fill and by how many', () => {
    expect(blueprintShortfall(blueprint, { basics: 3, advanced: 2 })).toBeNull();
    expect(blueprintShortfall(blueprint, { basics: 5 })).toEqual({ topic: 'advanced', message: '分野「応用」の公開済みの問題が 2 問足りません（出題 2 問、公開済み 0 問）' });
  });

  it.each([
    [{ minutes: 4 }, '制限時間は 5 分以上にしてください'],
    [{ minutes: 241 }, '制限時間は 240 分までです'],
    [{ passPercent: 0 }, '合格点は 1〜100 (%) です'],
    [{ retakeWaitHours: 721 }, '再受験までの時間は 0〜720 時間です'],
    [{ badgeValidMonths: 61 }, 'バッジの有効期間は 1〜60 か月です'],
  ])('keeps %j in range', (change, message) => {
    const parsed = examBlueprintSchema.safeParse({ ...blueprint, ...change });
    expect(parsed.success ? [] : parsed.error.issues.map((issue) => issue.message)).toContain(message);
  });
});

describe('questions.yaml', () => {
  const item = (id: string, fields: Partial<QuestionFields> = {}) => toPackItem(id, question(fields));

  it('writes what the content pack reads, and reads it back the same', () => {
    const yaml = toQuestionsYaml([item('q-1'), item('q-2', { type: 'multiple', choices: [{ text: 'A', correct: true }, { text: 'B', correct: true }, { text: 'C', correct: false }] })]);
    expect(yaml).toContain('\n\n- id: q-2');
    const read = readQuestionsYaml(yaml, ['basics']);
    expect(read.map((entry) => entry.id)).toEqual(['q-1', 'q-2']);
    expect(sameContent(read[0]!.fields, question())).toBe(true);
    expect(questionSchema.safeParse(item('q-1')).success).toBe(true);
  });

  it('tells a changed question from the same one', () => {
    expect(sameContent(question(), question({ difficulty: 'hard' }))).toBe(true);
    expect(sameContent(question(), question({ prompt: '別の問題文' }))).toBe(false);
    expect(sameContent(question(), question({ choices: [...question().choices].reverse() }))).toBe(false);
  });

  it.each([
    ['a duplicate id', [item('q-1'), item('q-1')], 'items.1.id', '2 問目の ID「q-1」が重複しています'],
    ['a bad id', [{ ...item('q-1'), id: 'Q 1' }], 'items.0.id', '1 問目の ID は半角英小文字・数字・ハイフンで指定してください'],
    ['an empty explanation', [item('q-1'), { ...item('q-2'), explanation: '' }], 'items.1.explanation', '2 問目（q-2）の解説: 解説を入力してください'],
    ['a long choice', [{ ...item('q-1'), choices: [{ text: 'あ'.repeat(301), correct: true }, { text: 'B' }] }], 'items.0.choices.0.text', '1 問目（q-1）の選択肢: 選択肢は 300 文字以内で入力してください'],
    ['an unknown topic', [item('q-1', { topic: 'nowhere' })], 'items.0.topic', '1 問目（q-1）の分野「nowhere」は出題設計にありません（basics）'],
    ['a key of no question', [{ ...item('q-1'), difficulty: 'easy' }], 'items.0.difficulty', '1 問目の「difficulty」は questions.yaml の項目ではありません'],
  ])('refuses %s with the item and the field', (_name, items, field, message) => {
    const refusal = refusalOf(() => readQuestionsYaml(stringify(items), ['basics']));
    expect(refusal.toEnvelope()).toEqual({ status: 400, code: 'VALIDATION_FAILED', field, message });
  });

  it('refuses a file that is not a list of questions', () => {
    expect(refusalOf(() => readQuestionsYaml('a: [1', ['basics'])).field).toBe('yaml');
    expect(refusalOf(() => readQuestionsYaml('[]', ['basics'])).message).toContain('問題のリスト');
  });
});

describe('the sample exam preview', () => {
  const working = (topic: string, count: number) =>
    Array.from({ length: count }, (_, index) => ({ ...question({ topic }), questionId: `${topic}-${index}`, version: 1, status: 'draft' as const }));
  const firstAlways = () => 0;

  it('draws each topic’s count, with ids on the shuffled choices and the right ones still marked', () => {
    const { questions, shortTopics } = samplePreview({ topics: { a: 2, b: 1 }, topicNames: { a: 'A', b: 'B' } }, [...working('a', 4), ...working('b', 3)], firstAlways);
    expect(shortTopics).toEqual([]);
    expect(questions.filter((entry) => entry.topic === 'a')).toHaveLength(2);
    expect(questions.filter((entry) => entry.topic === 'b')).toHaveLength(1);
    for (const entry of questions) {
      expect(new Set(entry.choices.map((choice) => choice.choiceId)).size).toBe(3);
      expect(entry.choices.filter((choice) => choice.correct).map((choice) => choice.text)).toEqual(['正しい']);
    }
  });

  it('reports a topic the working bank cannot fill instead of failing', () => {
    const { questions, shortTopics } = samplePreview({ topics: { a: 3 }, topicNames: { a: '基本' } }, working('a', 1), firstAlways);
    expect(questions).toHaveLength(1);
    expect(shortTopics).toEqual([{ topic: 'a', name: '基本', required: 3, available: 1 }]);
  });
});
