import type { ChildProcess } from 'node:child_process';
import { failOnConcurrentQueries } from './concurrent-query-guard';

export default async function globalTeardown() {
  const idp = (globalThis as { __DEV_IDP__?: ChildProcess }).__DEV_IDP__;
  idp?.kill('SIGTERM');
  failOnConcurrentQueries();
}
