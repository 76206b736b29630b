// The campus API exactly as server/dist/main.js builds it (on PORT), and in the same process a bare
// Fastify instance (on BENCH_RAW_PORT, no plugins, logger off) sharing the campus's database pool:
//   GET /bench/session            a session for a logged-in learner (cookie in the JSON body)
//   GET /bench/raw-learning-list  the SQL of GET /api/v1/learning-courses/?program=OA for that
//                                 learner, run on the same pool, rows sent as they come
// Started by learning-list.mjs; never part of the product.
require('reflect-metadata');
const { randomUUID } = require('node:crypto');
const dist = (file) => require(`../../server/dist/${file}`);
const { createApiApp } = dist('bootstrap/create-api-app.js');
const { loadConfig } = dist('config/config.js');
const { DATABASE_CONNECTION } = dist('database/database.tokens.js');
const { users } = dist('modules/identity/identity.schema.js');
const { SessionStore } = dist('modules/identity/session-store.js');
const { learningCoursesQuerySchema } = dist('contracts/catalogue.js');
const { learningCourseListStatements, learningCourseListValues } = dist(
  'modules/course-pages/queries/list-learning-courses/list-learning-courses.handler.js',
);
const { fillPlaceholders } = require('drizzle-orm');

/** The list a learner sees on the LINE公式アカウント landing page. */
const QUERY = { program: 'OA' };

async function main() {
  const config = loadConfig();
  const app = await createApiApp(config);
  const connection = app.get(DATABASE_CONNECTION);
  const userId = randomUUID();
  await connection.db.insert(users).values({ id: userId, subject: `bench-${userId}`, hasAcceptedAgreements: true, hasProfile: true });
  const token = await app.get(SessionStore).create(userId, null);

  // The handler's own prepared statements: the same text, the same statement names, the same values.
  const statements = learningCourseListStatements(connection.db, true);
  const values = learningCourseListValues(learningCoursesQuerySchema.parse(QUERY), userId);
  const asQuery = ({ rawQueryConfig, params }) => ({ name: rawQueryConfig.name, text: rawQueryConfig.text, values: fillPlaceholders(params, values) });
  const rowsQuery = asQuery(statements.rows);
  const totalQuery = asQuery(statements.total);
  const pool = connection.db.$client;

  const raw = require('fastify')({ logger: false });
  raw.get('/bench/session', async () => ({ cookie: `${config.session.cookieName}=${token}` }));
  raw.get('/bench/raw-learning-list', async () => {
    const [rows, total] = await Promise.all([pool.query(rowsQuery), pool.query(totalQuery)]);
    // drizzle selects count(*) without an alias; its one column is the total.
    return { items: rows.rows, total: Number(Object.values(total.rows[0])[0]) };
  });
  await raw.listen({ port: Number(process.env.BENCH_RAW_PORT), host: '127.0.0.1' });
  await app.listen(config.port, config.host);
  console.log(`campus on :${config.port}, raw Fastify on :${process.env.BENCH_RAW_PORT}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
