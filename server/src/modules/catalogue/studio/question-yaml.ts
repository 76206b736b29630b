import { parse as parseYaml, stringify, YAMLParseError } from 'yaml';
import { AppError } from '../../../core/errors/app-error.js';
import { questionFieldsSchema, type QuestionFields } from '../../../contracts/studio-questions.js';

/** The fields a question has in the content pack's questions.yaml (server/content/README.md), in its order. */
const PACK_KEYS = ['id', 'topic', 'type', 'prompt', 'choices', 'explanation'] as const;

const FIELD_NAMES: Record<string, string> = { id: 'ID', topic: '分野', type: '形式', prompt: '問題文', choices: '選択肢', explanation: '解説', difficulty: '難易度' };

const ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export interface YamlQuestion {
  id: string;
  fields: QuestionFields;
}

type Content = Pick<QuestionFields, 'topic' | 'type' | 'prompt' | 'choices' | 'explanation'>;

/** One question as the pack writes it: `correct: true` on the right choices only. */
export function toPackItem(questionId: string, question: Content) {
  return {
    id: questionId,
    topic: question.topic,
    type: question.type,
    prompt: question.prompt,
    choices: question.choices.map((choice) => (choice.correct ? { text: choice.text, correct: true } : { text: choice.text })),
    explanation: question.explanation,
  };
}

/** The whole file, a blank line between questions as in the pack. */
export const toQuestionsYaml = (items: ReturnType<typeof toPackItem>[]): string => stringify(items, { lineWidth: 0 }).replace(/\n- /g, '\n\n- ');

const refuse = (message: string, field: string) => new AppError('VALIDATION_FAILED', message, field);

/**
 * Reads a questions.yaml for the studio's import and checks every question with the studio's own rules
 * (2–6 choices, the right number correct, lengths) and the course's topics. The first error is thrown,
 * naming the question's place (1-based, as an admin counts) and the field; nothing is taken from a file
 * with an error, so the caller need not undo anything.
 */
export function readQuestionsYaml(text: string, topics: readonly string[]): YamlQuestion[] {
  let document: unknown;
  try {
    // yaml's default alias cap (100) keeps a file of nested aliases from expanding without bound.
    document = parseYaml(text);
  } catch (error) {
    const line = error instanceof YAMLParseError ? error.linePos?.[0]?.line : undefined;
    throw refuse(`questions.yaml を YAML として読めません${line ? `（${line} 行目）` : ''}`, 'yaml');
  }
  if (!Array.isArray(document) || document.length === 0) throw refuse('questions.yaml は問題のリスト（「- id: …」の並び）にしてください', 'yaml');
  const seen = new Set<string>();
  return document.map((item: unknown, index) => {
    const place = `${index + 1} 問目`;
    if (typeof item !== 'object' || item === null || Array.isArray(item)) throw refuse(`${place}が問題の形（id・topic・type・prompt・choices・explanation）になっていません`, `items.${index}`);
    const record = item as Record<string, unknown>;
    const extra = Object.keys(record).find((key) => !(PACK_KEYS as readonly string[]).includes(key));
    if (extra) throw refuse(`${place}の「${extra}」は questions.yaml の項目ではありません`, `items.${index}.${extra}`);
    const id = record.id;
    if (typeof id !== 'string' || !ID.test(id)) throw refuse(`${place}の ID は半角英小文字・数字・ハイフンで指定してください`, `items.${index}.id`);
    if (seen.has(id)) throw refuse(`${place}の ID「${id}」が重複しています`, `items.${index}.id`);
    seen.add(id);
    const choices = Array.isArray(record.choices)
      ? record.choices.map((choice: unknown) =>
          typeof choice === 'object' && choice !== null ? { correct: false, ...(choice as Record<string, unknown>) } : choice,
        )
      : record.choices;
    const parsed = questionFieldsSchema.safeParse({ topic: record.topic, type: record.type, prompt: record.prompt, choices, explanation: record.explanation, difficulty: null });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const [key = '', ...rest] = issue.path.map(String);
      throw refuse(`${place}（${id}）の${FIELD_NAMES[key] ?? key}: ${issue.message}`, ['items', index, key, ...rest].join('.'));
    }
    if (!topics.includes(parsed.data.topic)) {
      throw refuse(`${place}（${id}）の分野「${parsed.data.topic}」は出題設計にありません（${topics.join('、')}）`, `items.${index}.topic`);
    }
    return { id, fields: parsed.data };
  });
}

/** Whether a question's content is the same as a version's (difficulty is not in the pack's format). */
export const sameContent = (a: Content, b: Content): boolean =>
  a.topic === b.topic &&
  a.type === b.type &&
  a.prompt === b.prompt &&
  a.explanation === b.explanation &&
  a.choices.length === b.choices.length &&
  a.choices.every((choice, index) => choice.text === b.choices[index]!.text && choice.correct === b.choices[index]!.correct);
