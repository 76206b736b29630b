// A certificate for the Lighthouse bench's verification page, earned the way a learner earns one: a
// learner with a profile and the current terms accepted (written directly with the server tests'
// helper: the bench has no identity provider) starts the exam through the API, answers every question right
// and submits; the worker grades it, awards the badge and issues the certificate.
import { createRequire } from 'node:module';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { ROOT, sleep } from './lib.mjs';
import { insertReadyLearner } from '../../server/test/support/ready-learner.ts';
import { rightAnswersOf } from '../../server/test/support/exam-answers.ts';

const COURSE = 'line-ads-basic';
const ISSUE_TIMEOUT_MS = 60_000;

const serverRequire = createRequire(path.join(ROOT, 'server', 'package.json'));

/**
 * Earns the certificate through the API (the worker grading and issuing) and returns its public
 * slug. The learner and the right answers come from the server's test support (node strips their
 * types), written through the one connection the server's session store also uses.
 */
export async function earnCertificate(origin, databaseUrl) {
  serverRequire('reflect-metadata');
  const dist = (file) => serverRequire(path.join(ROOT, 'server/dist', file));
  const { parseConfig } = dist('config/config.js');
  const { openDatabase } = dist('database/connection.js');
  const { SessionStore } = dist('modules/identity/session-store.js');
  const config = parseConfig({ ...process.env, DATABASE_URL: databaseUrl });
  const connection = await openDatabase(config.database);
  // drizzle's node-postgres client: the pool the store's queries go through.
  const database = connection.db.$client;
  try {
    const userId = randomUUID();
    const email = 'bench-lighthouse@example.com';
    await insertReadyLearner(database, { id: userId, subject: `bench-lighthouse-${userId}`, email }, config.termsVersion);
    const cookie = `${config.session.cookieName}=${await new SessionStore(connection, config).create(userId, null)}`;
    const xhr = async (method, route, body) => {
      const response = await fetch(new URL(route, origin), {
        method,
        headers: { cookie, 'x-requested-with': 'XMLHttpRequest', ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
      return response.json();
    };
    const { examSessionId } = await xhr('POST', `/api/v1/certification-courses/${COURSE}/exam/start/`);
    await xhr('POST', `/api/v1/exam-sessions/${examSessionId}/submit`, { answers: await rightAnswersOf(database, examSessionId) });
    for (const until = Date.now() + ISSUE_TIMEOUT_MS; Date.now() < until; await sleep(250)) {
      const issued = await database.query('select slug from certificates where user_id = $1', [userId]);
      if (issued.rows[0]) return issued.rows[0].slug;
    }
    throw new Error(`no certificate was issued within ${ISSUE_TIMEOUT_MS / 1000} s of passing ${COURSE}`);
  } finally {
    await connection.close();
  }
}
