import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Registry } from 'prom-client';

const METRIC = 'campus_http_request_duration_seconds';
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

interface Series {
  labels: string;
  /** Observations per bucket (not cumulative; the exposition adds them up). */
  buckets: number[];
  overflow: number;
  sum: number;
}

const escapeLabel = (value: string) => value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

/**
 * Prometheus metrics for this process: Node's defaults from prom-client, plus a request-duration
 * histogram by method, route pattern and status. The histogram is kept here rather than in prom-client
 * because it is updated on every request: a map lookup and a few additions, instead of prom-client's
 * per-observation label hashing, which measurably slowed the whole API down.
 */
export class HttpMetrics {
  readonly registry = new Registry();
  private readonly series = new Map<string, Series>();

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }

  /** Labels use the route pattern, never the raw URL, so the series count stays bounded. */
  attach(fastify: FastifyInstance): void {
    fastify.addHook('onResponse', (request, reply, done) => {
      this.observe(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
      done();
    });
  }

  observe(method: string, route: string, status: number, seconds: number): void {
    const key = `${method} ${status} ${route}`;
    let series = this.series.get(key);
    if (!series) {
      series = {
        labels: `method="${escapeLabel(method)}",route="${escapeLabel(route)}",status="${status}"`,
        buckets: BUCKETS.map(() => 0),
        overflow: 0,
        sum: 0,
      };
      this.series.set(key, series);
    }
    series.sum += seconds;
    const bucket = BUCKETS.findIndex((bound) => seconds <= bound);
    if (bucket === -1) series.overflow += 1;
    else series.buckets[bucket]! += 1;
  }

  /** The exposition text of every metric. */
  async exposition(): Promise<string> {
    const lines = [`# HELP ${METRIC} HTTP request duration by method, route and status`, `# TYPE ${METRIC} histogram`];
    for (const { labels, buckets, overflow, sum } of this.series.values()) {
      let cumulative = 0;
      BUCKETS.forEach((bound, index) => {
        cumulative += buckets[index]!;
        lines.push(`${METRIC}_bucket{le="${bound}",${labels}} ${cumulative}`);
      });
      const count = cumulative + overflow;
      lines.push(`${METRIC}_bucket{le="+Inf",${labels}} ${count}`, `${METRIC}_sum{${labels}} ${sum}`, `${METRIC}_count{${labels}} ${count}`);
    }
    return `${await this.registry.metrics()}\n${lines.join('\n')}\n`;
  }
}
