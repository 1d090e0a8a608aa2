import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/harness.js';
import { registerPatient } from '../test/patients.js';
import { COMPRESSION_THRESHOLD, registerCompression } from './compression.js';

// Issue 23: the API's JSON over about 1 KB goes out compressed to a client that asks; what
// should not be compressed per request (secrets, binary downloads, metrics) goes out as it is.

const rows = Array.from({ length: 80 }, (_, i) => ({ id: i, status: 'waiting', place: i + 1 }));
const BIG = { rows };
const bigText = 'metric_total 1\n'.repeat(200);

let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify();
  await registerCompression(app);
  app.get('/api/list', async () => BIG);
  app.get('/api/small', async () => ({ status: 'ok' }));
  app.post('/api/auth/mfa/setup', async () => BIG);
  app.get('/api/file', async (_req, reply) =>
    reply.type('application/pdf').send(Buffer.alloc(8192, 'x')),
  );
  app.get('/api/download', async (_req, reply) =>
    reply.type('application/octet-stream').send(Buffer.alloc(8192, 'x')),
  );
  app.get('/metrics', async (_req, reply) => reply.type('text/plain').send(bigText));
  await app.ready();
});
afterAll(() => app?.close());

const get = (url: string, accept?: string, method: 'GET' | 'POST' = 'GET') =>
  app.inject({ method, url, headers: accept ? { 'accept-encoding': accept } : {} });

describe('API answers', () => {
  it('JSON over the threshold comes as brotli when asked, and decodes to the same JSON', async () => {
    expect(JSON.stringify(BIG).length).toBeGreaterThan(COMPRESSION_THRESHOLD);
    const res = await get('/api/list', 'gzip, deflate, br, zstd');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(JSON.stringify(BIG).length / 3);
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString())).toEqual(BIG);
  });

  it('comes as gzip to a client that takes only gzip', async () => {
    const res = await get('/api/list', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(res.rawPayload).toString())).toEqual(BIG);
  });

  it('comes as it is to a client that asks for nothing, identity or deflate only', async () => {
    for (const accept of [undefined, 'identity', 'deflate']) {
      const res = await get('/api/list', accept);
      expect(res.headers['content-encoding'], accept).toBeUndefined();
      expect(res.json()).toEqual(BIG);
    }
  });

  it('under the threshold goes out as it is', async () => {
    const res = await get('/api/small', 'br');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('an answer carrying a secret, a PDF, a download and /metrics are never compressed', async () => {
    const answers = [
      await get('/api/auth/mfa/setup', 'br, gzip', 'POST'),
      await get('/api/file', 'br, gzip'),
      await get('/api/download', 'br, gzip'),
      await get('/metrics', 'br, gzip'),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding'], String(res.headers['content-type'])).toBeUndefined();
    }
  });
});

describe('through the app (app.ts registers compression before its routes)', () => {
  it("a patient's saved application draft over 1 KB comes brotli, still no-store", async () => {
    const t = await createTestApp();
    try {
      const patient = await registerPatient(t.app);
      const draft = {
        type: 'new',
        physicianNotes: 'Pain in the lower back after work, worse at night. '.repeat(30),
        medicalConditions: [{ icdCode: 'G89.29', description: 'Chronic pain' }],
      };
      const saved = await patient.client.put('/api/applications/draft', draft);
      expect(saved.statusCode, saved.body).toBe(200);
      const res = await patient.client.request({
        method: 'GET',
        url: '/api/applications/draft',
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toBe('no-store');
      const body = brotliDecompressSync(res.rawPayload);
      expect(body.length).toBeGreaterThan(COMPRESSION_THRESHOLD);
      expect(JSON.parse(body.toString()).data).toEqual(draft);
      // The patient's place in line is small: it goes out as it is.
      const status = await patient.client.request({
        method: 'GET',
        url: '/api/queue/status',
        headers: { 'accept-encoding': 'br' },
      });
      expect(status.headers['content-encoding']).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});
