// Jest global setup of the server's unit tests: one PGlite migrated once and dumped to a file, which
// every handler spec's in-memory store starts from (src/testing/pglite-store.ts) instead of running
// initdb and all migrations again. Plain CommonJS: jest loads global setup outside its module mapper.
const { mkdirSync, writeFileSync } = require('node:fs');
const path = require('node:path');

module.exports = async function dumpMigratedPglite() {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const client = await PGlite.create();
  await migrate(drizzle(client), { migrationsFolder: path.join(__dirname, '..', 'database', 'migrations') });
  const dump = await client.dumpDataDir('none');
  await client.close();
  // One file in the project's .tmp, replaced by each run (a run at a time, as npm test runs them).
  const folder = path.join(__dirname, '..', '..', '..', '.tmp');
  mkdirSync(folder, { recursive: true });
  const file = path.join(folder, 'pglite-migrated.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  // Workers start after global setup and inherit this.
  process.env.PGLITE_TEMPLATE_FILE = file;
};
