// Uploads one recorded stream's chunks (staff-and-video.md §7 Recording, §9: a chunk every
// 3 s). MediaRecorder chunks play back only concatenated in order (the first carries the
// header, DESIGN.md toolchain notes), so chunks go one at a time through a queue, numbered
// from 0, each retried a few times before the next is sent. After the last chunk the file is
// completed. The network calls are injected so the ordering rules are unit-tested.

export interface ChunkTransport {
  sendChunk(fileId: string, seq: number, data: Blob): Promise<void>;
  complete(fileId: string): Promise<void>;
}

/** A failure that trying again cannot fix (a 4xx answer, say). */
export class PermanentUploadError extends Error {
  override readonly name = 'PermanentUploadError';
}

export interface UploaderOptions {
  /** Attempts per chunk, the first included. */
  attempts?: number;
  /** Wait before the n-th retry: retryDelayMs × n. */
  retryDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
  /** Recording and network errors are only logged (§8). */
  onError?: (error: unknown) => void;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class ChunkUploader {
  private readonly fileId: Promise<string | null>;
  private readonly attempts: number;
  private readonly retryDelayMs: number;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly onError: (error: unknown) => void;
  /** The queue: each upload starts when the one before it has settled. */
  private tail: Promise<void> = Promise.resolve();
  private nextSeq = 0;
  private finished: Promise<void> | null = null;
  /**
   * A chunk that could not be stored ends the upload: sending later ones would leave a gap
   * in the middle of the file. What was stored before it is still completed (a playable start).
   */
  private broken = false;

  constructor(
    fileId: string | Promise<string>,
    private readonly transport: ChunkTransport,
    options: UploaderOptions = {},
  ) {
    this.attempts = Math.max(1, options.attempts ?? 3);
    this.retryDelayMs = options.retryDelayMs ?? 1000;
    this.sleep = options.sleep ?? defaultSleep;
    this.onError = options.onError ?? ((error) => console.error('Recording upload failed', error));
    this.fileId = Promise.resolve(fileId).catch((error: unknown) => {
      this.onError(error);
      return null;
    });
  }

  /** Chunks uploaded so far (the next sequence number). */
  get uploaded(): number {
    return this.nextSeq;
  }

  get failed(): boolean {
    return this.broken;
  }

  /** Queues a chunk; empty ones (a recorder stopped between slices) are skipped. */
  push(data: Blob): void {
    if (this.finished) throw new Error('The upload is already finished');
    if (data.size === 0) return;
    this.tail = this.tail.then(() => this.upload(data));
  }

  /** After the last push: waits for the queue, then completes the file (once). */
  finish(): Promise<void> {
    this.finished ??= this.tail.then(async () => {
      const fileId = await this.fileId;
      if (fileId === null) return;
      try {
        await this.withRetry(() => this.transport.complete(fileId));
      } catch (error) {
        this.onError(error);
      }
    });
    return this.finished;
  }

  private async upload(data: Blob): Promise<void> {
    const fileId = await this.fileId;
    if (fileId === null || this.broken) return;
    const seq = this.nextSeq;
    try {
      await this.withRetry(() => this.transport.sendChunk(fileId, seq, data));
      this.nextSeq = seq + 1;
    } catch (error) {
      this.broken = true;
      this.onError(error);
    }
  }

  private async withRetry(call: () => Promise<void>): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await call();
        return;
      } catch (error) {
        if (attempt >= this.attempts || error instanceof PermanentUploadError) throw error;
        await this.sleep(this.retryDelayMs * attempt);
      }
    }
  }
}

const recordingPath = (fileId: string) => `/api/video/recordings/${encodeURIComponent(fileId)}`;

async function post(url: string, body?: Blob): Promise<void> {
  const res = await fetch(url, {
    method: 'POST',
    credentials: 'include',
    headers: body ? { 'Content-Type': 'application/octet-stream' } : undefined,
    body,
  });
  if (res.ok) return;
  const message = `${res.status}: ${await res.text().catch(() => res.statusText)}`;
  // A server error or rate limit may pass; a refusal will not.
  if (res.status >= 500 || res.status === 429 || res.status === 408) throw new Error(message);
  throw new PermanentUploadError(message);
}

/** The product's recording endpoints (credentials included, chunks as raw bytes). */
export const httpChunkTransport: ChunkTransport = {
  sendChunk: (fileId, seq, data) => post(`${recordingPath(fileId)}/chunks?seq=${seq}`, data),
  complete: (fileId) => post(`${recordingPath(fileId)}/complete`),
};
