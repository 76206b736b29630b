import { Controller, Get, Header, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { DependencyHealth } from '../../common/health/dependency-health.js';

@Controller()
export class HealthController {
  constructor(private readonly dependencies: DependencyHealth) {}

  /** Liveness: the process answers (it keeps answering while a dependency is away). */
  @Get('health')
  @Header('cache-control', 'no-store')
  live() {
    return { status: 'ok' };
  }

  /**
   * Readiness: 200 when PostgreSQL and Redis answer; 503 `degraded`, naming the dependency that is
   * away, while one does not. The process recovers by itself; a load balancer only waits.
   */
  @Get('ready')
  @Header('cache-control', 'no-store')
  async ready(@Res({ passthrough: true }) reply: FastifyReply) {
    const report = await this.dependencies.check();
    reply.status(report.status === 'ok' ? 200 : 503);
    return report;
  }
}
