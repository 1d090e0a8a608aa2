import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/harness.js';

// Issue 21: /robots.txt answered the app's HTML page. It is plain text keeping crawlers out of
// the staff areas and the API (issue 23: the patient's pages, signed out, are the sign-in page).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /robots.txt', () => {
  it('answers text/plain disallowing /admin/, /doctor/ and /api/, not the patient pages', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines.slice(1).sort()).toEqual([
      'Disallow: /admin/',
      'Disallow: /api/',
      'Disallow: /doctor/',
    ]);
    expect(res.body).not.toContain('/patient/');
    expect(res.body).not.toMatch(/<html/i);
  });
});
