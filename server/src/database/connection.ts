import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { AppConfig } from '../config/config.js';
import { ReconnectingListener } from './reconnecting-listener.js';

/** No relational-query schema: queries name the tables they use, imported from their owners' schema files. */
export type Database = PgDatabase<PgQueryResultHKT>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type DatabaseExecutor = Database | Transaction;

const MIGRATIONS_FOLDER = path.join(__dirname, 'migrations');
const MIGRATION_LOCK_KEY = 8_240_611;

/** One open store: drizzle for queries, plus what drizzle does not cover (LISTEN, health, shutdown). */
export interface DatabaseConnection {
  readonly kind: 'postgres' | 'pglite';
  readonly db: Database;
  migrate(): Promise<void>;
  /**
   * Rows of a statement sent as a named prepared statement: the server parses and plans it once per
   * connection, not on every call, and drizzle is not asked to map the rows (the hot path's append).
   */
  runPrepared<T>(query: SQL): Promise<T[]>;
  /** Keeps LISTENing through lost connections (reconnects with backoff); `onLost` hears each loss. */
  listen(channel: string, onNotify: () => void, onLost?: (error: Error) => void): Promise<() => Promise<void>>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** A server that is down or restarting refuses at once; one that cannot be reached must not hang requests. */
const CONNECT_TIMEOUT_MS = 5_000;

/**
 * Connections kept open however idle (pg closes idle ones after 10 s) and opened at start, as HikariCP
 * fills its minimum: a burst (a storm of exam deadlines: four batch transactions and the jobs beside
 * them) then finds backends with warm catalog caches instead of forking new ones.
 */
const WARM_CONNECTIONS = 4;

async function openPostgres(url: string, poolSize: number): Promise<DatabaseConnection> {
  const { Client, Pool } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const clientConfig = { connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true };
  const pool = new Pool({ ...clientConfig, max: poolSize, min: Math.min(poolSize, WARM_CONNECTIONS) });
  // A client losing its server emits 'error': while idle the pool hears it and drops the client; while
  // checked out (a transaction waiting on Redis, say) nobody would, and an unheard 'error' kills the
  // process. Every client therefore keeps a handler for its whole life; the query in flight fails with
  // the same error, and the pool discards the broken client when it is released.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = drizzle(pool) as unknown as Database;
  // Best effort: a server still starting leaves the pool to grow on demand.
  void Promise.allSettled(Array.from({ length: pool.options.min ?? 0 }, () => pool.connect())).then((opened) =>
    opened.forEach((result) => result.status === 'fulfilled' && result.value.release()),
  );
  return {
    kind: 'postgres',
    db,
    async migrate() {
      // API and worker may start together; an advisory lock lets one of them migrate at a time.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
        client.release();
      }
    },
    async listen(channel, onNotify, onLost) {
      // Its own connection, outside the pool: it is held for the process's life.
      const listener = new ReconnectingListener((config) => new Client(config), clientConfig, channel, { onNotify, onLost });
      await listener.start();
      return () => listener.stop();
    },
    async runPrepared<T>(query: SQL) {
      const { sql: text, params } = dialect.sqlToQuery(query);
      const { rows } = await pool.query({ name: preparedName(text), text, values: params });
      return rows as T[];
    },
    ping: async () => void (await pool.query('select 1')),
    close: () => pool.end(),
  };
}

/**
 * `template`, for an in-memory store only, is a data folder dumped by PGlite after migrating: opening it
 * skips initdb and the migrations, seconds each, which the unit tests would pay for every spec.
 */
export async function openPglite(dataDir: string, template?: Blob): Promise<DatabaseConnection> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const inMemory = dataDir === 'memory://';
  // An on-disk folder already holds its database: a template there would be silently ignored.
  if (template && !inMemory) throw new Error('a PGlite template loads into an in-memory database only');
  if (!inMemory) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(inMemory ? { loadDataDir: template } : { dataDir: path.resolve(dataDir) });
  const db = drizzle(client) as unknown as Database;
  return {
    kind: 'pglite',
    db,
    migrate: () => migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER }),
    async runPrepared<T>(query: SQL) {
      // One connection, in process: nothing to save by naming the statement.
      const { sql: text, params } = dialect.sqlToQuery(query);
      return (await client.query<T>(text, params)).rows;
    },
    listen: async (channel, onNotify) => client.listen(channel, onNotify),
    ping: async () => void (await client.query('select 1')),
    close: () => client.close(),
  };
}

export function openDatabase(config: AppConfig['database']): Promise<DatabaseConnection> {
  return config.kind === 'postgres' ? openPostgres(config.url, config.poolSize) : openPglite(config.dataDir);
}

/** Renders a statement's text and values, as drizzle would send them. */
const dialect = new PgDialect();
const preparedNames = new Map<string, string>();

/** A statement's name on the server, the same for the same text in every process. */
function preparedName(text: string): string {
  let name = preparedNames.get(text);
  if (!name) preparedNames.set(text, (name = `campus_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`));
  return name;
}

/** Rows of a raw statement, whichever driver ran it. */
export async function rowsOf<T>(executor: DatabaseExecutor, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await executor.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
