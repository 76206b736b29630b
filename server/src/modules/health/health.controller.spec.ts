import { Logger } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { DependencyHealth, DependencyReport } from '../../common/health/dependency-health';
import { HealthController } from './health.controller';

const report = (down: DependencyReport['down']): DependencyReport => ({
  status: down.length === 0 ? 'ok' : 'degraded',
  down,
  info: {},
  error: Object.fromEntries(down.map((name) => [name, { status: 'down', message: 'connect ECONNREFUSED 10.0.0.5:5432' }])),
  details: { database: { status: 'up', kind: 'postgres' }, redis: { status: 'up' } },
});

describe('HealthController readiness', () => {
  beforeAll(() => Logger.overrideLogger(false));
  const answer = async (down: DependencyReport['down']) => {
    const controller = new HealthController({ check: async () => report(down) } as unknown as DependencyHealth);
    let status = 200;
    const reply = { status: (code: number) => ((status = code), reply) } as unknown as FastifyReply;
    const body = await controller.ready(reply);
    return { status, body };
  };

  it('answers 200 ready when PostgreSQL and Redis answer', async () => {
    expect(await answer([])).toEqual({ status: 200, body: { status: 'ready' } });
  });

  it.each([[['database']], [['redis']], [['database', 'redis']]] as const)('answers 503 not ready, naming nothing, while %j is away', async (down) => {
    const { status, body } = await answer([...down]);
    expect(status).toBe(503);
    expect(body).toEqual({ status: 'not ready' });
    expect(JSON.stringify(body)).not.toMatch(/database|redis|postgres|ECONNREFUSED|10\.0\.0\.5/);
  });
});
