// Setup for exam-time-up-storm.mjs, through the compiled server code (server/dist):
//   node exam-time-up-storm-setup.cjs learners <count>      learners with a profile, accepted terms and a
//                                                           login session; prints [{ userId, token }] as JSON
//   node exam-time-up-storm-setup.cjs exams <deadline ms>   reads user ids (JSON) on stdin and starts one
//                                                           Basic exam each, all with that deadline
// The exams are started the way StartExamHandler starts them (questions drawn and frozen, ExamStarted
// appended through the event store, one transaction each) except that the deadline is the given one,
// so the outbox relay schedules 1,000 finalisation jobs for the same instant. Each session has an
// answer saved for every question (random valid choices), as a learner who worked to the end.
require('reflect-metadata');
const { randomUUID } = require('node:crypto');
const dist = (file) => require(`../../server/dist/${file}`);
const { loadConfig } = dist('config/config.js');
const { openDatabase } = dist('database/connection.js');
const { EventStore } = dist('database/event-store.js');
const { SessionStore } = dist('modules/identity/session-store.js');
const { courses, questions } = dist('modules/catalogue/catalogue.schema.js');
const { examSessions } = dist('modules/certification/certification.schema.js');
const { users } = dist('modules/identity/identity.schema.js');
const { drawQuestions } = dist('modules/certification/domain/exam-session.js');
const { EXAM_SESSION_STREAM, ExamStarted } = dist('modules/certification/events.js');
const { eq } = require('drizzle-orm');

const COURSE = 'line-ads-basic';
/** Commits in flight at once: like concurrent start requests, bounded by the pool. */
const PARALLEL = 8;

async function inParallel(items, work) {
  let next = 0;
  await Promise.all(Array.from({ length: PARALLEL }, async () => {
    while (next < items.length) await work(items[next++]);
  }));
}

async function learners(connection, config, count) {
  const sessionStore = new SessionStore(connection, config);
  const rows = Array.from({ length: count }, (_, index) => ({
    id: randomUUID(),
    subject: `bench-storm-${process.pid}-${index}`,
    lastName: '試験',
    firstName: `太郎${index}`,
    hasProfile: true,
    hasAcceptedAgreements: true,
  }));
  for (let index = 0; index < rows.length; index += 500) await connection.db.insert(users).values(rows.slice(index, index + 500));
  const out = [];
  await inParallel(rows, async (row) => out.push({ userId: row.id, token: await sessionStore.create(row.id, null) }));
  return out;
}

async function exams(connection, deadlineMs, userIds) {
  const eventStore = new EventStore(connection);
  const [course] = await connection.db.select().from(courses).where(eq(courses.slug, COURSE));
  const bank = await connection.db
    .select({ questionId: questions.questionId, topic: questions.topic, type: questions.type, prompt: questions.prompt, choices: questions.choices })
    .from(questions)
    .where(eq(questions.courseId, course.id));
  const deadline = new Date(deadlineMs);
  const meta = { actorId: null, requestId: null, correlationId: 'bench-storm', causationId: null };
  const sessions = [];
  await inParallel(userIds, async (userId) => {
    const frozen = drawQuestions(bank, course.exam.topics, Math.random);
    const answers = Object.fromEntries(frozen.map((q) => [q.questionId, [q.choices[Math.floor(Math.random() * q.choices.length)].choiceId]]));
    const id = randomUUID();
    const now = new Date();
    await eventStore.commit({ ...meta, actorId: userId }, async ({ tx, append }) => {
      await append({ streamType: EXAM_SESSION_STREAM, streamId: id, expectedVersion: 0 }, [
        new ExamStarted({ userId, courseId: course.id, courseSlug: COURSE, startedAt: now.toISOString(), deadline: deadline.toISOString(), questionIds: frozen.map((q) => q.questionId) }),
      ]);
      await tx.insert(examSessions).values({ id, userId, courseId: course.id, status: 'running', questions: frozen, answers, startedAt: now, deadline, streamVersion: 1 });
    });
    sessions.push({ userId, examSessionId: id });
  });
  return sessions;
}

async function main() {
  const [command, argument] = process.argv.slice(2);
  const config = loadConfig();
  const connection = await openDatabase(config.database);
  try {
    if (command === 'learners') return await learners(connection, config, Number(argument));
    if (command === 'exams') {
      let input = '';
      for await (const chunk of process.stdin) input += chunk;
      return await exams(connection, Number(argument), JSON.parse(input));
    }
    throw new Error(`unknown command ${command}`);
  } finally {
    await connection.close();
  }
}

main().then(
  (result) => console.log(JSON.stringify(result)),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
