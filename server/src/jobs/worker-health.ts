import { createServer, type Server } from 'node:http';
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { DependencyHealth, type DependencyReport } from '../common/health/dependency-health.js';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';

const CHECK_INTERVAL_MS = 2_000;

/**
 * The worker's own health: it checks PostgreSQL and Redis every 2 s, logs when it becomes degraded
 * and when it recovers, and, with WORKER_HEALTH_PORT set, answers `GET /health` with 200 `ok` or
 * 503 `degraded` naming the dependency that is away. The worker never exits because of an outage.
 */
@Injectable()
export class WorkerHealth implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(WorkerHealth.name);
  private timer?: NodeJS.Timeout;
  private server?: Server;
  private checking = false;
  /** The dependencies the log last said were away ('' = none). */
  private announcedDown = '';
  current?: DependencyReport;

  constructor(
    private readonly dependencies: DependencyHealth,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap() {
    await this.check();
    this.timer = setInterval(() => void this.check(), CHECK_INTERVAL_MS);
    if (this.config.workerHealthPort !== undefined) await this.serve(this.config.workerHealthPort);
  }

  async onApplicationShutdown() {
    clearInterval(this.timer);
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  async check(): Promise<DependencyReport | undefined> {
    if (this.checking) return this.current;
    this.checking = true;
    try {
      const report = await this.dependencies.check();
      const before = this.current;
      this.current = report;
      const down = report.down.join();
      // Said once a state has held for two checks in a row: a connection still opening at start, or a
      // blip shorter than a check, is not an outage worth a warning on the console.
      if (down !== this.announcedDown && down === (before?.down.join() ?? '')) {
        if (report.status === 'degraded') this.logger.warn({ down: report.down, error: report.error }, `worker degraded: ${report.down.join(', ')} unavailable; waiting for it`);
        else if (this.announcedDown !== '') this.logger.log('worker recovered: PostgreSQL and Redis available');
        this.announcedDown = down;
      }
      return report;
    } finally {
      this.checking = false;
    }
  }

  private serve(port: number): Promise<void> {
    this.server = createServer((request, response) => {
      if (request.method !== 'GET' || request.url?.split('?')[0] !== '/health') {
        response.writeHead(404).end();
        return;
      }
      void this.check().then((report) => {
        response.writeHead(report?.status === 'ok' ? 200 : 503, { 'content-type': 'application/json', 'cache-control': 'no-store' });
        response.end(JSON.stringify({ role: 'worker', ...report }));
      });
    });
    return new Promise((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(port, this.config.host, () => resolve());
    });
  }
}
