// A certificate for the Lighthouse bench's verification page, earned the way a learner earns one: a
// learner with a profile and the current terms accepted (written directly, as the server's tests do:
// the bench has no identity provider) starts the exam through the API, answers every question right
// and submits; the worker grades it, awards the badge and issues the certificate.
import { createRequire } from 'node:module';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { ROOT, sleep } from './lib.mjs';

const COURSE = 'line-ads-basic';
const ISSUE_TIMEOUT_MS = 60_000;

const serverRequire = createRequire(path.join(ROOT, 'server', 'package.json'));

/** A session token for a new learner who may sit an exam, through the server's own session store. */
async function readyLearnerSession(databaseUrl) {
  serverRequire('reflect-metadata');
  const dist = (file) => serverRequire(path.join(ROOT, 'server/dist', file));
  const { parseConfig } = dist('config/config.js');
  const { openDatabase } = dist('database/connection.js');
  const { SessionStore } = dist('modules/identity/session-store.js');
  const config = parseConfig({ ...process.env, DATABASE_URL: databaseUrl });
  const connection = await openDatabase(config.database);
  const { Client } = serverRequire('pg');
  const database = new Client({ connectionString: databaseUrl });
  await database.connect();
  try {
    const userId = randomUUID();
    await database.query(
      `insert into users (id, subject, last_name, first_name, last_name_kana, first_name_kana, email, verified_email, has_profile, has_accepted_agreements, accepted_terms_versions)
       values ($1, $2, '山田', '太郎', 'ヤマダ', 'タロウ', 'bench-lighthouse@example.com', 'bench-lighthouse@example.com', true, true, array[$3])`,
      [userId, `bench-lighthouse-${userId}`, config.termsVersion],
    );
    await database.query(`insert into agreement_acceptances (user_id, terms_version, accepted_at) values ($1, $2, now())`, [userId, config.termsVersion]);
    return { userId, cookie: `${config.session.cookieName}=${await new SessionStore(connection, config).create(userId, null)}` };
  } finally {
    await database.end();
    await connection.close();
  }
}

/** The public slug of a certificate the campus at `origin` (on `databaseUrl`, its worker running) issues. */
export async function earnCertificate(origin, databaseUrl) {
  const { userId, cookie } = await readyLearnerSession(databaseUrl);
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
  const { Client } = serverRequire('pg');
  const database = new Client({ connectionString: databaseUrl });
  await database.connect();
  try {
    // The right answers, from the session's frozen questions (the API never tells them).
    const { rows } = await database.query('select questions from exam_sessions where id = $1', [examSessionId]);
    const answers = Object.fromEntries(
      rows[0].questions.map((question) => [question.questionId, question.choices.filter((choice) => choice.correct).map((choice) => choice.choiceId)]),
    );
    await xhr('POST', `/api/v1/exam-sessions/${examSessionId}/submit`, { answers });
    for (const until = Date.now() + ISSUE_TIMEOUT_MS; Date.now() < until; await sleep(250)) {
      const issued = await database.query('select slug from certificates where user_id = $1', [userId]);
      if (issued.rows[0]) return issued.rows[0].slug;
    }
    throw new Error(`no certificate was issued within ${ISSUE_TIMEOUT_MS / 1000} s of passing ${COURSE}`);
  } finally {
    await database.end();
  }
}
