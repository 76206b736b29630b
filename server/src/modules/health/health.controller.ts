import { Controller, Header, Logger, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { DependencyHealth } from '../../common/health/dependency-health.js';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import { health, ready } from '../../contracts/routes/operations.js';

@Controller()
export class HealthController {
  private readonly logger = new Logger('Readiness');
  /** The dependencies away at the last probe, so the log tells each change once, not every probe. */
  private lastDown = '';

  constructor(private readonly dependencies: DependencyHealth) {}

  /** Liveness: the process answers (it keeps answering while a dependency is away). */
  @Endpoint(health)
  @Header('cache-control', 'no-store')
  live() {
    return { status: 'ok' };
  }

  /**
   * Readiness: 200 `ready` when PostgreSQL and Redis answer, 503 `not ready` while one does not. The
   * answer is public (load balancers, health checks), so it names nothing inside; which dependency is
   * away goes to the log, and the worker's own health port (internal) names it too. The process
   * recovers by itself; a load balancer only waits.
   */
  @Endpoint(ready)
  @Header('cache-control', 'no-store')
  async ready(@Res({ passthrough: true }) reply: FastifyReply) {
    const report = await this.dependencies.check();
    const down = report.down.join(',');
    if (down !== this.lastDown) {
      if (down) this.logger.warn({ down: report.down, error: report.error }, `not ready: ${down} unavailable`);
      else this.logger.log(`ready again: ${this.lastDown} back`);
      this.lastDown = down;
    }
    if (report.status === 'ok') return { status: 'ready' };
    reply.status(503);
    return { status: 'not ready' };
  }
}
