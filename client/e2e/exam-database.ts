import pg from 'pg';

/**
 * The exam specs read and shape their own data in the campus's PostgreSQL database (npm test hands
 * Playwright a fresh one): the correct choices of a drawn exam, and a one-minute test course.
 */
export async function withDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const url = process.env.E2E_DATABASE_URL;
  if (!url) throw new Error('E2E_DATABASE_URL is not set: run the exam specs through `npm test` (PostgreSQL)');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** How long a certification course's exam lasts, in minutes. */
export const examMinutesOf = (courseSlug: string) =>
  withDatabase(async (client) => {
    const { rows } = await client.query<{ minutes: number }>(`select (exam->>'minutes')::int as minutes from courses where slug = $1 and kind = 'certification'`, [courseSlug]);
    if (!rows[0]) throw new Error(`no certification course ${courseSlug}`);
    return rows[0].minutes;
  });

/** Makes a certification course's exam last `minutes` (the "short test course" of the exam specs). */
export const setExamMinutes = (courseSlug: string, minutes: number) =>
  withDatabase((client) =>
    client.query(`update courses set exam = jsonb_set(exam, '{minutes}', to_jsonb($2::int)) where slug = $1 and kind = 'certification'`, [courseSlug, minutes]),
  );

/**
 * The running session's questions with the texts of their correct choices, in the order drawn; with
 * `subject` (the provider's `sub`), that learner's session only.
 */
export const correctAnswersOfRunningExam = (courseSlug: string, subject?: string) =>
  withDatabase(async (client) => {
    const { rows } = await client.query<{ questions: { questionId: string; prompt: string; choices: { choiceId: string; text: string; correct: boolean }[] }[] }>(
      `select s.questions from exam_sessions s join courses c on c.id = s.course_id join users u on u.id = s.user_id
        where c.slug = $1 and s.status = 'running' and ($2::text is null or u.subject = $2)`,
      [courseSlug, subject ?? null],
    );
    if (!rows[0]) throw new Error(`no running exam of ${courseSlug}`);
    return rows[0].questions.map((question) => ({
      questionId: question.questionId,
      prompt: question.prompt,
      correct: question.choices.filter((choice) => choice.correct).map((choice) => choice.text),
    }));
  });

/** Answers the server has committed for the running (or last) session of a course. */
export const savedAnswers = (courseSlug: string) =>
  withDatabase(async (client) => {
    const { rows } = await client.query<{ answers: Record<string, string[]> }>(
      `select s.answers from exam_sessions s join courses c on c.id = s.course_id where c.slug = $1 order by s.started_at desc limit 1`,
      [courseSlug],
    );
    return rows[0]?.answers ?? {};
  });
