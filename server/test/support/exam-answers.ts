/**
 * What `select questions from exam_sessions` gives a test: the frozen questions with their correct
 * flags, each choice under the session's own id (the one the learner sees and answers with).
 */
interface FrozenQuestionRow {
  questionId: string;
  choices: { choiceId: string; correct: boolean }[];
}

/** Anything that can run a query: a pg Client or Pool. */
interface Queryable {
  query(text: string, values: unknown[]): Promise<{ rows: { questions: FrozenQuestionRow[] }[] }>;
}

async function frozenQuestionsOf(database: Queryable, examSessionId: string): Promise<FrozenQuestionRow[]> {
  const { rows } = await database.query('select questions from exam_sessions where id = $1', [examSessionId]);
  return rows[0]!.questions;
}

/** The right answers of a session, read from its frozen questions (a test may look; the API never tells). */
export async function rightAnswersOf(database: Queryable, examSessionId: string): Promise<Record<string, string[]>> {
  return Object.fromEntries(
    (await frozenQuestionsOf(database, examSessionId)).map((question) => [
      question.questionId,
      question.choices.filter((choice) => choice.correct).map((choice) => choice.choiceId),
    ]),
  );
}

/** One wrong choice for every question of a session. */
export async function wrongAnswersOf(database: Queryable, examSessionId: string): Promise<Record<string, string[]>> {
  return Object.fromEntries(
    (await frozenQuestionsOf(database, examSessionId)).map((question) => [question.questionId, [question.choices.find((choice) => !choice.correct)!.choiceId]]),
  );
}
