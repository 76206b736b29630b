// Runs one autocannon load test and prints a compact JSON summary on stdout.
// Started by lib.mjs in its own process, pinned to the load-generator CPU.
// Usage: node infra/bench/autocannon-runner.mjs '{"url":"…","connections":50,"duration":10,"headers":{…}}'
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

// Loaded via require: autocannon ships no type declarations.
const autocannon = createRequire(import.meta.url)('autocannon');

const opts = JSON.parse(process.argv[2] ?? '{}');

// autocannon's own latency histogram has 1 ms resolution, which reads "0 ms"
// for fast servers; keep every 2xx response time (ms, float) to compute
// sub-millisecond percentiles ourselves.
let times = new Float64Array(1 << 20);
let n = 0;

// `cookieFile`: a JSON list of cookies; each request takes the next in turn (many sessions rotating).
/** @type {string[] | undefined} */
const cookies = opts.cookieFile ? JSON.parse(readFileSync(opts.cookieFile, 'utf8')) : undefined;
let nextCookie = 0;
const instance = autocannon({
  url: opts.url,
  connections: opts.connections ?? 50,
  duration: opts.duration ?? 10,
  headers: opts.headers ?? {},
  ...(cookies?.length
    ? {
        requests: [
          {
            setupRequest: (/** @type {{ headers?: Record<string, string> }} */ request) => ({
              ...request,
              headers: { ...request.headers, cookie: cookies[nextCookie++ % cookies.length] },
            }),
          },
        ],
      }
    : {}),
  renderProgressBar: false,
  renderResultsTable: false,
  renderLatencyTable: false,
});
/** @type {(client: unknown, statusCode: number, bytes: number, responseTime: number) => void} */
const onResponse = (_client, statusCode, _bytes, responseTime) => {
  if (statusCode < 200 || statusCode > 299) return;
  if (n === times.length) {
    const bigger = new Float64Array(times.length * 2);
    bigger.set(times);
    times = bigger;
  }
  times[n++] = responseTime;
};
instance.on('response', onResponse);
const result = await instance;

const sorted = times.subarray(0, n).sort();
/** @param {number} q */
const pct = (q) => (n ? sorted[Math.min(n - 1, Math.ceil(q * n) - 1)] : 0);
const round2 = (/** @type {number} */ x) => Math.round(x * 100) / 100;

const summary = {
  reqPerSec: result.requests.average,
  totalRequests: result.requests.total,
  latencyP50: round2(pct(0.5)),
  latencyP99: round2(pct(0.99)),
  latencyAvg: round2(n ? sorted.reduce((a, b) => a + b, 0) / n : 0),
  latencySamples: n,
  non2xx: result.non2xx,
  errors: result.errors,
  timeouts: result.timeouts,
  durationS: result.duration,
};
process.stdout.write(JSON.stringify(summary) + '\n');
