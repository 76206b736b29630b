// The campus API exactly as server/dist/main.js builds it (on PORT), and in the same process a bare
// Fastify instance (on BENCH_RAW_PORT, no plugins, logger off) sharing the campus's database pool.
// BENCH_SESSIONS learners, each with a login session; their cookies are written to BENCH_COOKIE_FILE.
//   GET /bench/raw-learning-list  the session SELECT of SessionStore.resolve (the same prepared
//                                 statement) and the SQL of GET /api/v1/learning-courses/?program=OA
//                                 for that learner, on the same pool, rows sent as they come
// Started by session-rotation.mjs; never part of the product.
require('reflect-metadata');
const { createHash, randomBytes, randomUUID } = require('node:crypto');
const { writeFileSync } = require('node:fs');
const dist = (file) => require(`../../server/dist/${file}`);
const { createApiApp } = dist('bootstrap/create-api-app.js');
const { loadConfig } = dist('config/config.js');
const { DATABASE_CONNECTION } = dist('database/database.tokens.js');
const { agreementAcceptances } = dist('modules/agreements/agreements.schema.js');
const { sessions, users } = dist('modules/identity/identity.schema.js');
const { sessionLookupStatement, sessionLookupValues } = dist('modules/identity/session-store.js');
const { learningCoursesQuerySchema } = dist('contracts/catalogue.js');
const { learningCourseListStatements, learningCourseListValues } = dist(
  'modules/course-pages/queries/list-learning-courses/list-learning-courses.handler.js',
);
const { fillPlaceholders } = require('drizzle-orm');

const QUERY = { program: 'OA' };
const COUNT = Number(process.env.BENCH_SESSIONS ?? 20_000);
const hashOf = (token) => createHash('sha256').update(token).digest('hex');

async function main() {
  const config = loadConfig();
  const app = await createApiApp(config);
  const connection = app.get(DATABASE_CONNECTION);
  const db = connection.db;

  // Settled learners (current terms accepted). last_seen_at lies ahead so that neither target writes
  // the once-a-minute touch during the run: both do the same reads, nothing else.
  const cookies = [];
  const ahead = new Date(Date.now() + 3_600_000);
  for (let start = 0; start < COUNT; start += 1000) {
    const batch = Array.from({ length: Math.min(1000, COUNT - start) }, (_, index) => ({ id: randomUUID(), token: randomBytes(32).toString('base64url'), index: start + index }));
    await db.insert(users).values(batch.map(({ id, index }) => ({ id, subject: `bench-rotation-${index}`, hasAcceptedAgreements: true, acceptedTermsVersions: [config.termsVersion], hasProfile: true })));
    await db.insert(agreementAcceptances).values(batch.map(({ id }) => ({ userId: id, termsVersion: config.termsVersion, acceptedAt: new Date() })));
    await db.insert(sessions).values(
      batch.map(({ id, token }) => ({ tokenHash: hashOf(token), userId: id, idToken: null, expiresAt: new Date(Date.now() + config.session.absoluteMs), lastSeenAt: ahead })),
    );
    cookies.push(...batch.map(({ token }) => `${config.session.cookieName}=${token}`));
  }
  writeFileSync(process.env.BENCH_COOKIE_FILE, JSON.stringify(cookies));

  const lookup = sessionLookupStatement(db, config.termsVersion);
  const statements = learningCourseListStatements(db, true);
  const filters = learningCoursesQuerySchema.parse(QUERY);
  const asQuery = ({ rawQueryConfig, params }, values) => ({ name: rawQueryConfig.name, text: rawQueryConfig.text, values: fillPlaceholders(params, values) });
  const pool = db.$client;
  const cookiePrefix = `${config.session.cookieName}=`;

  const raw = require('fastify')({ logger: false });
  raw.get('/bench/raw-learning-list', async (request, reply) => {
    const token = (request.headers.cookie ?? '').split('; ').find((part) => part.startsWith(cookiePrefix))?.slice(cookiePrefix.length);
    const now = Date.now();
    const { rows: found } = await pool.query(asQuery(lookup, sessionLookupValues(hashOf(token ?? ''), now, config.session.idleMs)));
    if (found.length === 0) return reply.code(401).send({ message: 'no session' });
    // drizzle returns the selected columns in order: id first.
    const userId = Object.values(found[0])[0];
    const values = learningCourseListValues(filters, userId);
    const [rows, total] = await Promise.all([pool.query(asQuery(statements.rows, values)), pool.query(asQuery(statements.total, values))]);
    return { items: rows.rows, total: Number(Object.values(total.rows[0])[0]) };
  });
  await raw.listen({ port: Number(process.env.BENCH_RAW_PORT), host: '127.0.0.1' });
  await app.listen(config.port, config.host);
  console.log(`campus on :${config.port}, raw Fastify on :${process.env.BENCH_RAW_PORT}, ${cookies.length} sessions`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
