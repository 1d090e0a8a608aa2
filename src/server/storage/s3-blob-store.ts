import { type Readable, Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Config } from '../config.js';
import { type BlobStore, KEY_PATTERN, newBlobKey, refuseDestroyedSource } from './blob-store.js';
import { decryptStream, encryptStream } from './encryption.js';

// Encrypted files in an S3-compatible bucket, so every node reads the same files (issue 14).
// The encryption stays here: only the stored layout (header, ciphertext, tag) leaves the
// process, and the keys are the disk store's (`ab/<32 hex>`), random and never reused, so an
// object is written once and never changes.

/**
 * lib-storage buffers at most QUEUE_SIZE parts of PART_SIZE: memory stays flat in the file size.
 * One part in flight: measured with s3-memory-child.ts on a 200 MB upload, two in flight grew
 * the process by 41–56 MiB (against the 50 MB), one by 16–36 MiB, for about a tenth
 * more time. The files here are at most a few parts (documents 10 MB, recording chunks 16 MB).
 */
const PART_SIZE = 5 * 1024 * 1024;
const QUEUE_SIZE = 1;
/** /api/ready must answer, not hang, when the bucket is unreachable. */
const CHECK_TIMEOUT_MS = 5_000;

export type S3Settings = Pick<
  Config,
  | 'S3_ENDPOINT'
  | 'S3_REGION'
  | 'S3_BUCKET'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_FORCE_PATH_STYLE'
  | 'S3_CHECKSUM'
>;

/** The S3 client for these settings (the store's, and the backup's manifest lister). */
export function s3ClientFor(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.S3_REGION,
    endpoint: settings.S3_ENDPOINT,
    forcePathStyle: settings.S3_FORCE_PATH_STYLE,
    // Unset, the SDK's own chain (instance role, ~/.aws) supplies them.
    credentials:
      settings.S3_ACCESS_KEY_ID && settings.S3_SECRET_ACCESS_KEY
        ? {
            accessKeyId: settings.S3_ACCESS_KEY_ID,
            secretAccessKey: settings.S3_SECRET_ACCESS_KEY,
          }
        : undefined,
    // Some S3-compatible servers mis-store the SDK's checksummed streaming bodies (s3rver).
    requestChecksumCalculation: settings.S3_CHECKSUM,
    responseChecksumValidation: settings.S3_CHECKSUM,
    // A server that accepts the connection and then goes silent fails the request instead of
    // holding an upload (or a download's socket) forever.
    requestHandler: { connectionTimeout: 5_000, socketTimeout: 120_000 },
  });
}

export class S3BlobStore implements BlobStore {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(
    settings: S3Settings,
    private readonly encryptionKey: Buffer,
    /** Keys per list page; S3's own maximum (1000) unless a test wants to see paging. */
    private readonly listPageSize = 1000,
  ) {
    if (!settings.S3_BUCKET) throw new Error('S3_BUCKET is required with BLOB_STORE=s3');
    this.bucket = settings.S3_BUCKET;
    this.client = s3ClientFor(settings);
  }

  async put(source: Readable) {
    refuseDestroyedSource(source);
    const key = newBlobKey();
    let size = 0;
    const count = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        done(null, chunk);
      },
    });
    const body = encryptStream(this.encryptionKey);
    // The pipeline is attached before anything else can happen, so an error the source raises
    // always has a listener (an unheard one would end the process).
    const feeding = pipeline(source, count, body);
    const upload = new Upload({
      client: this.client,
      params: {
        Bucket: this.bucket,
        Key: key,
        Body: body,
        ContentType: 'application/octet-stream',
      },
      partSize: PART_SIZE,
      queueSize: QUEUE_SIZE,
      // A failed multipart upload is aborted, so no parts are left to be billed.
      leavePartsOnError: false,
    });
    const sending = upload.done();
    // The bucket failed: nothing reads the body any more, so the pipeline is ended with the
    // error (which also stops the source) instead of waiting forever.
    sending.catch((err: unknown) => body.destroy(err as Error));
    const [fed, sent] = await Promise.allSettled([feeding, sending]);
    if (fed.status === 'rejected' || sent.status === 'rejected') {
      // Upload aborts its multipart upload; a single PUT that reached the bucket just as the
      // answer was lost is removed here. If the bucket cannot be reached even for that, the
      // orphan sweep removes the object later.
      await this.delete(key).catch(() => {});
      throw fed.status === 'rejected' ? fed.reason : (sent as PromiseRejectedResult).reason;
    }
    return { key, size };
  }

  async get(key: string) {
    checkKey(key);
    // GCM proves integrity only at the end: the object is read through once first, so a
    // tampered or truncated object fails here, before a single altered byte is served.
    const first = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
    await pipeline(
      first.Body as Readable,
      decryptStream(this.encryptionKey),
      new Writable({ write: (_chunk, _enc, done) => done() }),
    );
    // The same object, proven above: objects are never rewritten, and If-Match refuses one
    // replaced in between on servers that honour it (S3 does; s3rver ignores it).
    const second = await this.client.send(
      new GetObjectCommand({ Bucket: this.bucket, Key: key, IfMatch: first.ETag }),
    );
    const plaintext = decryptStream(this.encryptionKey);
    // Errors reach the caller through the returned stream (the route that sends it listens);
    // the caller destroying it (a download cancelled) closes the S3 response too.
    pipeline(second.Body as Readable, plaintext).catch(() => {});
    return plaintext;
  }

  async delete(key: string) {
    checkKey(key);
    // S3 answers a delete of a missing key with success, as the disk store's rm({force}) does.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async *list() {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          ContinuationToken: token,
          MaxKeys: this.listPageSize,
        }),
      );
      for (const object of page.Contents ?? []) {
        if (!object.Key || !KEY_PATTERN.test(object.Key)) continue; // not ours: never touched
        // Without a date the object counts as new, so the orphan sweep leaves it alone.
        yield { key: object.Key, modifiedAt: object.LastModified?.getTime() ?? Date.now() };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async check() {
    // The bucket exists and these credentials may use it. A write probe would be closer to
    // the disk store's check, but on a versioned bucket (docs/operations.md: versioning covers
    // the blobs' backup) every probe would leave a version and a delete marker behind.
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }), {
      abortSignal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
    });
  }

  /** Closes the client's pooled connections (app close). */
  close() {
    this.client.destroy();
  }
}

function checkKey(key: string) {
  if (!KEY_PATTERN.test(key)) throw new Error('invalid storage key');
}
