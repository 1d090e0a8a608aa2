import { pipeline, Transform } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { LARGEST_UPLOAD } from '../../../shared/documents.js';
import { msg } from '../../../shared/i18n/message-key.js';
import { findRefusedCharacter, hasRefusedCharacter } from '../../../shared/refused-characters.js';
import { AppError } from '../../errors.js';
import { refusedCharacterError } from '../../plugins/text-inputs.js';
import type { BlobStore } from '../../storage/blob-store.js';

// Reads a multipart upload without holding the file in memory: the file streams through
// encryption to the blob store while its size is counted and its first bytes kept for type
// detection (DESIGN.md: memory does not grow with file size). Fields may come before or after
// the file, so limits are checked once everything has arrived; a file that fails them is
// deleted before the answer.

const SNIFF_BYTES = 4100;

export interface StoredUpload {
  key: string;
  size: number;
  /** Detected from the content (magic bytes); null when unknown. */
  mime: string | null;
  fileName: string;
  /** The upload was cut off at the largest limit. */
  truncated: boolean;
  /** The form's text fields by name: a Map, so a field named `__proto__` is just a field. */
  fields: Map<string, string>;
}

export async function receiveUpload(
  request: FastifyRequest,
  store: BlobStore,
  fileField = 'document',
): Promise<StoredUpload> {
  if (!request.isMultipart()) throw new AppError('BAD_REQUEST', msg('documents.error.fileAndType'));
  const fields = new Map<string, string>();
  let stored: StoredUpload | null = null;
  // Everything the parser raises is the client's fault (a body cut short, no boundary,
  // too many parts) and answers 400; an error while storing the file is ours and stays 500.
  let storing = false;
  try {
    for await (const part of request.parts({
      limits: { fileSize: LARGEST_UPLOAD, files: 1, fields: 10, fieldSize: 1000 },
    })) {
      if (part.type === 'field') {
        fields.set(part.fieldname, String(part.value));
        continue;
      }
      if (part.fieldname !== fileField || stored) {
        part.file.resume();
        continue;
      }
      storing = true;
      stored = await storeFile(part, store);
      storing = false;
    }
  } catch (err) {
    if (stored) await store.delete(stored.key);
    if (err instanceof AppError || storing) throw err;
    throw unreadableUpload(err);
  }
  // The text rule every route's input follows (plugins/text-inputs.ts), for the form's fields.
  const field = findRefusedCharacter(Object.fromEntries(fields))?.[0];
  const badName = stored !== null && hasRefusedCharacter(stored.fileName);
  if (field !== undefined || badName) {
    if (stored) await store.delete(stored.key);
    throw field !== undefined
      ? refusedCharacterError(String(field))
      : refusedCharacterError('fileName', 'The file name');
  }
  if (!stored) throw new AppError('BAD_REQUEST', msg('documents.error.fileAndType'));
  stored.fields = fields;
  return stored;
}

export const UPLOAD_UNREADABLE =
  'The upload could not be read: the form data was incomplete or malformed. Please try again.';

/** The answer to a multipart body the parser refused. */
function unreadableUpload(err: unknown): AppError {
  const code = (err as { code?: string }).code;
  if (code === 'FST_FILES_LIMIT')
    return new AppError('BAD_REQUEST', msg('documents.error.oneFile'));
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
    return new AppError('BAD_REQUEST', msg('documents.error.tooManyFields'));
  return new AppError('BAD_REQUEST', msg('documents.error.unreadable'));
}

async function storeFile(part: MultipartFile, store: BlobStore): Promise<StoredUpload> {
  const file = part.file;
  // A handler that starts after the body has ended (a slow session read) is handed a file
  // stream the parser already destroyed: its error fired before anyone listened, and it will
  // send nothing more (issue 21). Refused here, before a blob is opened for it.
  if (file.destroyed) throw unreadableUpload(file.errored);
  let parseError: unknown = null;
  file.on('error', (err) => {
    parseError = err;
  });
  const head: Buffer[] = [];
  let headBytes = 0;
  const sniff = new Transform({
    transform(chunk: Buffer, _enc, done) {
      if (headBytes < SNIFF_BYTES) {
        head.push(chunk.subarray(0, SNIFF_BYTES - headBytes));
        headBytes += Math.min(chunk.length, SNIFF_BYTES - headBytes);
      }
      done(null, chunk);
    },
  });
  // pipeline, not pipe: the file stream destroyed at any point, with or without an error,
  // destroys `sniff` too, so the store's own pipeline settles instead of waiting forever.
  pipeline(file, sniff, () => {});
  const { key, size } = await store.put(sniff).catch((err: unknown) => {
    // The store has already removed what it wrote; a body cut short is the client's fault.
    throw parseError || file.errored ? unreadableUpload(parseError ?? file.errored) : err;
  });
  const type = await fileTypeFromBuffer(Buffer.concat(head));
  return {
    key,
    size,
    mime: type?.mime ?? null,
    fileName: part.filename?.slice(0, 255) || 'document',
    truncated: file.truncated,
    fields: new Map(),
  };
}
