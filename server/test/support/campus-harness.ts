import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Client } from 'pg';
import type { DestinationStream } from 'pino';
import { createApiApp } from '../../src/bootstrap/create-api-app';
import { AppConfig, parseConfig } from '../../src/config/config';
import { WorkerModule } from '../../src/worker.module';

const ADMIN_DATABASE_URL = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const databaseUrlFor = (name: string) => {
  const url = new URL(ADMIN_DATABASE_URL);
  url.pathname = `/${name}`;
  return url.href;
};

/** A fresh PostgreSQL database for one spec file; dropped at the end. */
export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `campus_it_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: ADMIN_DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  return {
    url: databaseUrlFor(name),
    async drop() {
      const client = new Client({ connectionString: ADMIN_DATABASE_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export function appPorts(): number[] {
  const ports = process.env.IT_APP_PORTS?.split(',').map(Number);
  if (!ports?.length) throw new Error('IT_APP_PORTS missing: run integration specs through jest.int.config.js');
  return ports;
}

/** Config for one API process of a spec: its own database and Redis prefix, the real dev IdP. */
export function testConfig(options: { databaseUrl: string; redisPrefix: string; port: number; mediaDir?: string; env?: Record<string, string> }): AppConfig {
  return parseConfig({
    NODE_ENV: 'test',
    PORT: String(options.port),
    HOST: '127.0.0.1',
    DATABASE_URL: options.databaseUrl,
    DATABASE_POOL_SIZE: '5',
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: options.redisPrefix,
    OIDC_ISSUER: process.env.IT_OIDC_ISSUER,
    LOG_LEVEL: 'silent',
    RUN_WORKER_IN_PROCESS: 'false',
    CLIENT_DIST_DIR: '/nonexistent-client-dist',
    DEMO_SEED: 'false',
    MEDIA_DIR: options.mediaDir ?? path.join(tmpdir(), 'campus-it-media'),
    // Beside the media folder, never inside it: /media/ is published.
    CERTIFICATE_DIR: `${options.mediaDir ?? path.join(tmpdir(), 'campus-it-media')}-certificates`,
    // Specs log in and write in loops from one address; rate-limits.int-spec sets the production scale (1).
    RATE_LIMIT_SCALE: '100',
    ...options.env,
  });
}

export interface RunningApi {
  app: NestFastifyApplication;
  config: AppConfig;
  origin: string;
  close(): Promise<void>;
}

export async function startApi(config: AppConfig, logDestination?: DestinationStream): Promise<RunningApi> {
  const app = await createApiApp(config, { logDestination });
  await app.listen(config.port, '127.0.0.1');
  return { app, config, origin: config.publicOrigin, close: () => app.close() };
}

export async function startWorker(config: AppConfig): Promise<INestApplicationContext> {
  const worker = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), { logger: false });
  await worker.init();
  return worker;
}

/** Everything one spec needs: a database, a Redis prefix, an API on the first registered port. */
/** `env` adds or overrides environment variables of the API processes; `logDestination` receives their log lines. */
export async function startCampus(
  options: { apis?: number; worker?: boolean; mediaDir?: string; env?: Record<string, string>; logDestination?: DestinationStream } = {},
) {
  const database = await createTestDatabase();
  const redisPrefix = `it-${randomBytes(4).toString('hex')}`;
  const ports = appPorts();
  const apis: RunningApi[] = [];
  for (let index = 0; index < (options.apis ?? 1); index += 1) {
    apis.push(await startApi(testConfig({ databaseUrl: database.url, redisPrefix, port: ports[index]!, mediaDir: options.mediaDir, env: options.env }), options.logDestination));
  }
  const worker = options.worker ? await startWorker(apis[0]!.config) : undefined;
  return {
    api: apis[0]!,
    apis,
    worker,
    database,
    redisPrefix,
    async stop() {
      await worker?.close();
      for (const api of apis) await api.close();
      await database.drop();
    },
  };
}
