import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';

// GET /metrics (issue 14): absent without METRICS_TOKEN, refused without the right Bearer
// token, Prometheus text with it; a request is counted under its route pattern, never its id.

const TOKEN = 'metrics-token-for-tests-0123456789';

let withToken: TestApp;
let without: TestApp;
// Building an app takes a while on a busy machine.
beforeAll(async () => {
  withToken = await createTestApp({ config: { METRICS_TOKEN: TOKEN } });
  without = await createTestApp();
}, 240_000);
afterAll(async () => {
  await Promise.all([withToken?.close(), without?.close()]);
});

const scrape = (t: TestApp, authorization?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: authorization ? { authorization } : {},
  });

describe('GET /metrics', () => {
  it('answers 404 when METRICS_TOKEN is not set, whatever the token', async () => {
    expect((await scrape(without)).statusCode).toBe(404);
    expect((await scrape(without, `Bearer ${TOKEN}`)).statusCode).toBe(404);
  });

  it('answers 401 without a token, with a wrong one, and with the token not as Bearer', async () => {
    for (const header of [
      undefined,
      'Bearer wrong-token-of-some-length',
      `Bearer ${TOKEN}x`,
      `Basic ${TOKEN}`,
      TOKEN,
    ]) {
      const res = await scrape(withToken, header);
      expect(res.statusCode, header).toBe(401);
      expect(res.body).not.toContain('http_request_duration_seconds');
    }
  });

  it('answers the Prometheus text with every metric the operators watch', async () => {
    const res = await scrape(withToken, `Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    for (const name of [
      'http_request_duration_seconds',
      'queue_waiting_patients',
      'queue_oldest_wait_seconds',
      'realtime_sockets',
      'video_live_calls',
      'payment_outcomes_total',
      'mail_queue_pending',
      'process_cpu_user_seconds_total',
    ])
      expect(res.body, name).toContain(`# TYPE ${name} `);
    expect(res.body).toMatch(/^queue_waiting_patients 0$/m);
    expect(res.body).toMatch(/^mail_queue_pending \d+$/m);
  });

  it('labels a request with its route pattern, method and status class, never its id', async () => {
    const id = randomUUID();
    await withToken.app.inject({ method: 'GET', url: `/api/applications/${id}` });
    await withToken.app.inject({ method: 'GET', url: `/api/no-such-thing/${id}` });
    const body = (await scrape(withToken, `Bearer ${TOKEN}`)).body;
    expect(body).toMatch(
      /http_request_duration_seconds_count\{route="\/api\/applications\/:id",method="GET",status="4xx"\} 1/,
    );
    expect(body).toContain('route="unmatched",method="GET",status="4xx"');
    expect(body).not.toContain(id);
  });

  it('gives each app its own registry (two apps in one process both serve metrics)', {
    timeout: 120_000,
  }, async () => {
    const other = await createTestApp({ config: { METRICS_TOKEN: TOKEN } });
    try {
      expect((await scrape(other, `Bearer ${TOKEN}`)).statusCode).toBe(200);
      expect(other.app.ctx.metrics.registry).not.toBe(withToken.app.ctx.metrics.registry);
    } finally {
      await other.close();
    }
  });
});
