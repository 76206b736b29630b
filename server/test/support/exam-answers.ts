/** What `select questions from exam_sessions` gives a test: the frozen questions with their correct flags. */
interface FrozenQuestionRow {
  questionId: string;
  choices: { choiceId: string; correct: boolean }[];
}

/** Anything that can run a query: a pg Client or Pool. */
interface Queryable {
  query(text: string, values: unknown[]): Promise<{ rows: { questions: FrozenQuestionRow[] }[] }>;
}

/** The right answers of a session, read from its frozen questions (a test may look; the API never tells). */
export async function rightAnswersOf(database: Queryable, examSessionId: string): Promise<Record<string, string[]>> {
  const { rows } = await database.query('select questions from exam_sessions where id = $1', [examSessionId]);
  return Object.fromEntries(
    rows[0]!.questions.map((question) => [question.questionId, question.choices.filter((choice) => choice.correct).map((choice) => choice.choiceId)]),
  );
}
