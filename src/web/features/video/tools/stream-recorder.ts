import type { CreateFile } from '../../../../shared/room-messages';
import { RECORDING_CHUNK_MS, type RecordingVideoType } from '../../../../shared/schemas/video';
import { type ChunkTransport, ChunkUploader } from './recording-uploader';

// One participant stream recorded with MediaRecorder and uploaded as it goes (§4 Recording,
// §7: create-file first, then a chunk every 3 s).

/** In order of preference; the first the browser supports is used. */
export const RECORDER_MIME_TYPES = [
  'video/webm;codecs=vp8,opus',
  'video/webm;codecs=vp9,opus',
  'video/webm',
  'video/mp4',
] as const;

export function pickRecorderMimeType(
  isTypeSupported: (type: string) => boolean = (type) =>
    typeof MediaRecorder !== 'undefined' && MediaRecorder.isTypeSupported(type),
): string | null {
  return RECORDER_MIME_TYPES.find((type) => isTypeSupported(type)) ?? null;
}

export interface StreamRecordingOptions {
  stream: MediaStream;
  videoType: RecordingVideoType;
  roomId: string;
  recordingId: string;
  userName: string;
  isHost: boolean;
  /** Emits create-file and resolves with the file to send chunks to. */
  createFile: (payload: CreateFile) => Promise<string>;
  transport: ChunkTransport;
  onError?: (error: unknown) => void;
}

/** What the recording controller needs of a running recorder. */
export interface ActiveRecorder {
  /** Stops the recorder, uploads what is left and completes the file. */
  stop(): Promise<void>;
}

/**
 * Starts recording `stream`; null when the browser cannot record (recording errors are only
 * logged, §8).
 */
export function startStreamRecording(options: StreamRecordingOptions): ActiveRecorder | null {
  const log = options.onError ?? ((error) => console.error('Recording failed', error));
  const mimeType = pickRecorderMimeType();
  if (!mimeType || options.stream.getTracks().length === 0) {
    log(new Error(mimeType ? 'Nothing to record' : 'MediaRecorder is not supported'));
    return null;
  }

  let recorder: MediaRecorder;
  try {
    recorder = new MediaRecorder(options.stream, { mimeType });
  } catch (error) {
    log(error);
    return null;
  }

  const fileId = options.createFile({
    roomId: options.roomId,
    recordingId: options.recordingId,
    streamId: options.stream.id,
    isHost: options.isHost,
    userName: options.userName,
    videoType: options.videoType,
    // What was asked for: some browsers report recorder.mimeType only once started.
    mimeType: recorder.mimeType || mimeType,
  });
  const uploader = new ChunkUploader(fileId, options.transport, { onError: log });

  const stopped = new Promise<void>((resolve) => {
    recorder.addEventListener('stop', () => resolve(), { once: true });
  });
  // A recorder also stops by itself when its tracks end (a screen share closed by the browser).
  void stopped.then(() => uploader.finish());
  recorder.addEventListener('dataavailable', (event) => {
    try {
      uploader.push(event.data);
    } catch (error) {
      log(error);
    }
  });
  recorder.addEventListener('error', (event) => log((event as ErrorEvent).error ?? event));

  try {
    recorder.start(RECORDING_CHUNK_MS);
  } catch (error) {
    log(error);
    void uploader.finish();
    return null;
  }

  let finishing: Promise<void> | null = null;
  return {
    stop() {
      finishing ??= (async () => {
        // The last dataavailable fires before stop.
        if (recorder.state !== 'inactive') {
          recorder.stop();
          await stopped;
        }
        await uploader.finish();
      })();
      return finishing;
    },
  };
}
