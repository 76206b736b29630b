import { HttpMetrics } from './metrics';

describe('HttpMetrics', () => {
  it('exposes a cumulative Prometheus histogram per method, route and status', async () => {
    const metrics = new HttpMetrics();
    metrics.observe('GET', '/api/v1/now', 200, 0.003);
    metrics.observe('GET', '/api/v1/now', 200, 0.07);
    metrics.observe('GET', '/api/v1/now', 200, 9);
    metrics.observe('POST', '/api/v1/me', 400, 0.02);
    const text = await metrics.exposition();

    const now = 'method="GET",route="/api/v1/now",status="200"';
    expect(text).toContain('# TYPE campus_http_request_duration_seconds histogram');
    expect(text).toContain(`campus_http_request_duration_seconds_bucket{le="0.005",${now}} 1`);
    expect(text).toContain(`campus_http_request_duration_seconds_bucket{le="0.05",${now}} 1`);
    expect(text).toContain(`campus_http_request_duration_seconds_bucket{le="0.1",${now}} 2`);
    expect(text).toContain(`campus_http_request_duration_seconds_bucket{le="5",${now}} 2`);
    expect(text).toContain(`campus_http_request_duration_seconds_bucket{le="+Inf",${now}} 3`);
    expect(text).toContain(`campus_http_request_duration_seconds_count{${now}} 3`);
    expect(text).toMatch(new RegExp(`campus_http_request_duration_seconds_sum\\{${now.replace(/[{}]/g, '\\$&')}\\} 9\\.07`));
    expect(text).toContain('campus_http_request_duration_seconds_count{method="POST",route="/api/v1/me",status="400"} 1');
    expect(text).toContain('process_cpu_user_seconds_total');
  });

  it('escapes label values', async () => {
    const metrics = new HttpMetrics();
    metrics.observe('GET', 'we"ird\\', 404, 0.001);
    expect(await metrics.exposition()).toContain('route="we\\"ird\\\\"');
  });
});
