import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/health', () => {
  it('answers ok once the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers 503 when the database is gone', async () => {
    const other = await createTestApp();
    await other.database.close();
    const res = await other.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe('Database unavailable');
    await other.app.close();
  });
});

describe('GET /api/app-config', () => {
  it('offers the development tools outside production only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/app-config' })).json()).toEqual({
      devTools: true,
      paymentProvider: 'simulator',
      clinicHours: 'Mon-Fri 09:00-18:00',
      clinicTimeZone: 'America/Chicago',
    });
    const prod = await createTestApp({
      config: {
        NODE_ENV: 'production',
        // Production needs a mail server; nothing is sent here (no worker runs in tests).
        SMTP_URL: 'smtp://127.0.0.1:9',
        DOCUMENT_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
        PAYMENT_PROVIDER: 'simulator',
      },
    });
    expect((await prod.app.inject({ method: 'GET', url: '/api/app-config' })).json().devTools).toBe(
      false,
    );
    await prod.close();
  });
});
