// Playwright the way `npm test` runs it: a fresh PostgreSQL database, free ports and its own Redis
// prefix, dropped afterwards. Shared by test.mjs (the whole suite) and visual.mjs (the screenshots).
import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
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

/** Free ports none of which repeats (the OS may hand a just-closed port out again). */
async function distinctFreePorts(count) {
  const ports = new Set();
  while (ports.size < count) ports.add(await freePort());
  return [...ports];
}

/** The environment of one campus for Playwright: its own database, ports (the campus's, the IdP's), Redis prefix and output folder. */
function campusEnv(database, ports, name, extraEnv) {
  return {
    ...process.env,
    E2E_PORT: String(ports[0]),
    E2E_IDP_PORT: String(ports[1]),
    E2E_MAIL_PORT: String(ports[2]),
    E2E_DATABASE_URL: database.url,
    E2E_REDIS_PREFIX: `e2e-${name}-${Date.now().toString(36)}`,
    E2E_OUTPUT_DIR: path.join(ROOT, '.tmp', `playwright-results-${name}`),
    ...extraEnv,
  };
}

/** Runs `npx playwright test <args>` against a database of its own; resolves to its exit status. */
export async function runPlaywright(args, extraEnv = {}) {
  const database = await createDatabase();
  try {
    return run('npx', ['playwright', 'test', ...args], { env: campusEnv(database, await distinctFreePorts(3), 'run', extraEnv) });
  } finally {
    await database.drop().catch(() => undefined);
  }
}

/**
 * Runs each group of spec files against a campus of its own (database, server, IdP, Redis prefix), the
 * groups side by side: what one group's specs do to the shared demo accounts and courses is invisible
 * to the other's, so the specs that must run one at a time within a campus need not wait for the other
 * campus's. `extraEnv(name)` adds a group's own variables (its JSON report). Resolves to each group's
 * exit status; its output goes to `logFile(name)`.
 */
export async function runPlaywrightGroups(groups, extraEnv, logFile) {
  const ports = await distinctFreePorts(3 * groups.length);
  return Promise.all(
    groups.map(async ({ name, specs }, index) => {
      const database = await createDatabase();
      const log = openSync(logFile(name), 'w');
      try {
        const env = campusEnv(database, ports.slice(3 * index, 3 * index + 3), name, extraEnv(name));
        const child = spawn('npx', ['playwright', 'test', ...specs, '--reporter=list,json'], { cwd: ROOT, env, stdio: ['ignore', log, log] });
        return await new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
      } finally {
        closeSync(log);
        await database.drop().catch(() => undefined);
      }
    }),
  );
}
