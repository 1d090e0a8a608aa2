import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { REQUEST_SECONDS_BUCKETS, RequestDurations } from './request-durations.js';

// The request histogram counts without prom-client's per-observation work (issue 23); what a
// scrape reads must be what prom-client's own Histogram would print for the same requests.

describe('request durations', () => {
  it('prints the same exposition as a prom-client Histogram fed the same requests', async () => {
    const ours = new Registry();
    const theirs = new Registry();
    const durations = new RequestDurations(ours);
    const reference = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by route pattern, method and status class',
      labelNames: ['route', 'method', 'status'] as const,
      buckets: [...REQUEST_SECONDS_BUCKETS],
      registers: [theirs],
    });
    const requests: [string, string, number, number][] = [
      ['/api/queue/status', 'GET', 200, 0.0004],
      ['/api/queue/status', 'GET', 200, 0.005], // on a bound: counted in it
      ['/api/queue/status', 'GET', 304, 0.2],
      ['/api/applications/:id', 'GET', 404, 0.03],
      ['unmatched', 'POST', 404, 45], // above every bound: only in +Inf
      ['/api/login', 'POST', 500, 1.5],
      ['/api/login', 'POST', 201, 0.7],
    ];
    for (const [route, method, code, seconds] of requests) {
      durations.observe(route, method, code, seconds);
      reference.observe({ route, method, status: `${Math.floor(code / 100)}xx` }, seconds);
    }
    const lines = (text: string) => text.split('\n').sort();
    expect(lines(await ours.metrics())).toEqual(lines(await theirs.metrics()));
    expect(await ours.metrics()).toMatch(
      /^http_request_duration_seconds_bucket\{le="0.005",route="\/api\/queue\/status",method="GET",status="2xx"\} 2$/m,
    );
  });

  it('starts again from nothing when the registry is reset', async () => {
    const registry = new Registry();
    const durations = new RequestDurations(registry);
    durations.observe('/x', 'GET', 200, 0.01);
    registry.resetMetrics();
    expect(await registry.metrics()).not.toContain('_count');
  });
});
