import { describe, expect, it } from 'vitest';
import { type ChunkTransport, ChunkUploader, PermanentUploadError } from './recording-uploader';

type Call = { kind: 'chunk'; fileId: string; seq: number; text: string } | { kind: 'complete' };

function fakeTransport(
  fail: (call: { seq: number; attempt: number }) => Error | null = () => null,
  delay = () => Promise.resolve(),
) {
  const calls: Call[] = [];
  const attempts = new Map<number, number>();
  const transport: ChunkTransport = {
    async sendChunk(fileId, seq, data) {
      const attempt = (attempts.get(seq) ?? 0) + 1;
      attempts.set(seq, attempt);
      await delay();
      const error = fail({ seq, attempt });
      if (error) throw error;
      calls.push({ kind: 'chunk', fileId, seq, text: await data.text() });
    },
    async complete() {
      calls.push({ kind: 'complete' });
    },
  };
  return { transport, calls, attempts };
}

const blob = (text: string) => new Blob([text]);
const noSleep = () => Promise.resolve();
const quiet = () => {};

describe('ChunkUploader', () => {
  it('uploads chunks one at a time, in order, numbered from 0, then completes', async () => {
    let inFlight = 0;
    let maxInFlight = 0;
    const { transport, calls } = fakeTransport(undefined, async () => {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await new Promise((r) => setTimeout(r, 2));
      inFlight--;
    });
    const uploader = new ChunkUploader('file-1', transport, { sleep: noSleep });
    uploader.push(blob('a'));
    uploader.push(blob('b'));
    uploader.push(blob('c'));
    await uploader.finish();
    expect(calls).toEqual([
      { kind: 'chunk', fileId: 'file-1', seq: 0, text: 'a' },
      { kind: 'chunk', fileId: 'file-1', seq: 1, text: 'b' },
      { kind: 'chunk', fileId: 'file-1', seq: 2, text: 'c' },
      { kind: 'complete' },
    ]);
    expect(maxInFlight).toBe(1);
    expect(uploader.uploaded).toBe(3);
  });

  it('waits for the file id before the first chunk', async () => {
    const { transport, calls } = fakeTransport();
    let resolve!: (id: string) => void;
    const uploader = new ChunkUploader(new Promise<string>((r) => (resolve = r)), transport);
    uploader.push(blob('a'));
    await new Promise((r) => setTimeout(r, 5));
    expect(calls).toEqual([]);
    resolve('late');
    uploader.push(blob('b'));
    await uploader.finish();
    expect(calls.map((c) => (c.kind === 'chunk' ? `${c.fileId}#${c.seq}` : c.kind))).toEqual([
      'late#0',
      'late#1',
      'complete',
    ]);
  });

  it('retries a failed chunk before sending the next one', async () => {
    const delays: number[] = [];
    const { transport, calls, attempts } = fakeTransport(({ seq, attempt }) =>
      seq === 1 && attempt < 3 ? new Error('network') : null,
    );
    const uploader = new ChunkUploader('f', transport, {
      attempts: 3,
      retryDelayMs: 100,
      sleep: async (ms) => {
        delays.push(ms);
      },
    });
    for (const text of ['a', 'b', 'c']) uploader.push(blob(text));
    await uploader.finish();
    expect(attempts.get(1)).toBe(3);
    expect(delays).toEqual([100, 200]);
    expect(calls.map((c) => (c.kind === 'chunk' ? c.text : c.kind))).toEqual([
      'a',
      'b',
      'c',
      'complete',
    ]);
  });

  it('never sends a later chunk past one that could not be stored, and still completes', async () => {
    const errors: unknown[] = [];
    const { transport, calls, attempts } = fakeTransport(({ seq }) =>
      seq === 1 ? new Error('down') : null,
    );
    const uploader = new ChunkUploader('f', transport, {
      attempts: 2,
      sleep: noSleep,
      onError: (e) => errors.push(e),
    });
    for (const text of ['a', 'b', 'c']) uploader.push(blob(text));
    await uploader.finish();
    expect(attempts.get(1)).toBe(2);
    expect(uploader.failed).toBe(true);
    expect(calls.map((c) => (c.kind === 'chunk' ? c.text : c.kind))).toEqual(['a', 'complete']);
    expect(errors).toHaveLength(1);
  });

  it('does not retry a permanent refusal', async () => {
    const { transport, attempts } = fakeTransport(({ seq }) =>
      seq === 0 ? new PermanentUploadError('403: no') : null,
    );
    const uploader = new ChunkUploader('f', transport, { sleep: noSleep, onError: quiet });
    uploader.push(blob('a'));
    await uploader.finish();
    expect(attempts.get(0)).toBe(1);
  });

  it('skips empty chunks without using a sequence number', async () => {
    const { transport, calls } = fakeTransport();
    const uploader = new ChunkUploader('f', transport);
    uploader.push(blob(''));
    uploader.push(blob('a'));
    uploader.push(new Blob([]));
    uploader.push(blob('b'));
    await uploader.finish();
    expect(calls.filter((c) => c.kind === 'chunk').map((c) => c.kind === 'chunk' && c.seq)).toEqual(
      [0, 1],
    );
  });

  it('completes only once and refuses chunks after finishing', async () => {
    const { transport, calls } = fakeTransport();
    const uploader = new ChunkUploader('f', transport);
    uploader.push(blob('a'));
    const first = uploader.finish();
    const second = uploader.finish();
    await Promise.all([first, second]);
    expect(calls.filter((c) => c.kind === 'complete')).toHaveLength(1);
    expect(() => uploader.push(blob('b'))).toThrow();
  });

  it('sends nothing when the file could not be created', async () => {
    const errors: unknown[] = [];
    const { transport, calls } = fakeTransport();
    const uploader = new ChunkUploader(Promise.reject(new Error('refused')), transport, {
      onError: (e) => errors.push(e),
    });
    uploader.push(blob('a'));
    await uploader.finish();
    expect(calls).toEqual([]);
    expect(errors).toHaveLength(1);
  });
});
