import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import type { Config } from '../config.js';
import type { S3Settings } from '../storage/s3-blob-store.js';

// A real S3-protocol server (s3rver, npm) on a random port, storing under a temporary
// directory, with one bucket: what the S3 blob store's tests run against.
//
// It runs in a child process started with --openssl-legacy-provider, not in the test's own
// process: s3rver encrypts ListObjectsV2 continuation tokens with DES, which Node 20's OpenSSL 3
// only has in its legacy provider, so in-process every truncated listing (more keys than
// MaxKeys) answers 500 InternalError and paging cannot be tested. The separate process also
// keeps s3rver's memory out of the memory measurements.
//
// s3rver does not understand the SDK's aws-chunked bodies. Seen with @aws-sdk/client-s3
// 3.1173.0 and s3rver 3.7.1: under S3_CHECKSUM=WHEN_SUPPORTED (the SDK's default) a PutObject
// whose Body is a stream is sent aws-chunked with a CRC32 trailer, and s3rver stores the
// framing as content — 100 bytes of "a" were stored as the 142 bytes
// "64\r\naaaa…\r\n0\r\nx-amz-checksum-crc32:r3B6ZA==\r\n\r\n". Buffer bodies (a PutObject of a
// Buffer, lib-storage's Upload, which sends every part as a Buffer) were stored exactly, 100
// and 12 MiB, under both settings. So the S3 blob store works against s3rver either way, but
// the tests use WHEN_REQUIRED as the issue says and compare every stored size with header +
// plaintext + tag, which catches any framing stored as content (blob-store-contract.ts).

/** s3rver's built-in account. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

const CHILD = path.join(import.meta.dirname, 's3-server-child.mjs');

export interface S3TestServer {
  endpoint: string;
  bucket: string;
  /** The settings an app (or createBlobStore) needs to use this bucket. */
  config: Pick<Config, 'BLOB_STORE'> & S3Settings;
  /** A plain client on the bucket, to see and change stored objects behind the store's back. */
  client(): S3Client;
  /** Stops the server at once (kill -9) and, unless kept, removes its files. */
  stop(opts?: { keepFiles?: boolean }): Promise<void>;
}

export async function startS3Server(bucket = 'okmmj-test'): Promise<S3TestServer> {
  const directory = mkdtempSync(path.join(tmpdir(), 'okmmj-s3-'));
  const child = spawn(process.execPath, ['--openssl-legacy-provider', CHILD, directory, bucket], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let port: number;
  try {
    port = await listeningPort(child);
  } catch (err) {
    child.kill('SIGKILL');
    rmSync(directory, { recursive: true, force: true });
    throw err;
  }
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    config: {
      BLOB_STORE: 's3',
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: true,
      S3_CHECKSUM: 'WHEN_REQUIRED',
    },
    client: () =>
      new S3Client({
        endpoint,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: S3RVER_CREDENTIALS,
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    stop: async (opts = {}) => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGKILL');
        await exited;
      }
      if (!opts.keepFiles) rmSync(directory, { recursive: true, force: true });
    },
  };
}

function listeningPort(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`s3rver did not start:\n${err}`)), 20_000);
    child.stderr?.on('data', (d) => (err += d));
    child.stdout?.on('data', (d) => {
      out += d;
      const line = out.split('\n')[0];
      if (out.includes('\n') && line) {
        clearTimeout(timer);
        resolve((JSON.parse(line) as { port: number }).port);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`s3rver exited (${code}) at start:\n${err}`));
    });
  });
}
