// Playwright the way `npm test` runs it: a fresh PostgreSQL database, free ports and its own Redis
// prefix, dropped afterwards. Shared by test.mjs (the whole suite) and visual.mjs (the screenshots).
import { createRequire } from 'node:module';
import path from 'node:path';
import { freePort, ROOT, run } from './lib.mjs';

async function createDatabase() {
  const requireFromServer = createRequire(path.join(ROOT, 'server', 'package.json'));
  const { Client } = requireFromServer('pg');
  const adminUrl = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `campus_e2e_${Date.now().toString(36)}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    async drop() {
      const client = new Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** Runs `npx playwright test <args>` against a database of its own; resolves to its exit status. */
export async function runPlaywright(args, extraEnv = {}) {
  const database = await createDatabase();
  const env = {
    ...process.env,
    E2E_PORT: String(await freePort()),
    E2E_IDP_PORT: String(await freePort()),
    E2E_DATABASE_URL: database.url,
    E2E_REDIS_PREFIX: `e2e-${Date.now().toString(36)}`,
    ...extraEnv,
  };
  try {
    return run('npx', ['playwright', 'test', ...args], { env });
  } finally {
    await database.drop().catch(() => undefined);
  }
}
