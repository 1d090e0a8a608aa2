import { RECORDING_VIDEO_TYPES, type RecordingVideoType } from '../../../../shared/schemas/video';
import type { ActiveRecorder } from './stream-recorder';

// Which of this participant's streams are being recorded (§4 Recording): while a recording is
// on, the camera/microphone stream and, when sharing, the screen. A stream that goes away or
// is replaced stops its recorder (the file is completed); a new one starts its own file.

export interface RecordingTargets {
  /** The recording in progress, or null. */
  recordingId: string | null;
  video: MediaStream | null;
  screen: MediaStream | null;
}

export type StartRecorder = (
  stream: MediaStream,
  videoType: RecordingVideoType,
  recordingId: string,
) => ActiveRecorder | null;

interface Running {
  stream: MediaStream;
  recordingId: string;
  recorder: ActiveRecorder | null;
}

export class RecordingController {
  private readonly running = new Map<RecordingVideoType, Running>();
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly start: StartRecorder) {}

  /** Brings the recorders in line with what should be recorded now. */
  update(targets: RecordingTargets): void {
    for (const type of RECORDING_VIDEO_TYPES) {
      const stream = targets[type];
      const want =
        targets.recordingId && stream ? { stream, recordingId: targets.recordingId } : null;
      const current = this.running.get(type);
      if (
        current &&
        (current.stream !== want?.stream || current.recordingId !== want?.recordingId)
      ) {
        this.running.delete(type);
        this.finish(current);
      }
      if (want && !this.running.has(type)) {
        // A browser that cannot record is remembered too, so it is not retried on every update.
        this.running.set(type, {
          ...want,
          recorder: this.start(want.stream, type, want.recordingId),
        });
      }
    }
  }

  /** Stops everything; resolves when every file is uploaded and completed. */
  stopAll(): Promise<void> {
    this.update({ recordingId: null, video: null, screen: null });
    return this.settled();
  }

  /** Resolves when the recorders stopped so far have finished uploading. */
  async settled(): Promise<void> {
    await Promise.all([...this.pending]);
  }

  get recording(): RecordingVideoType[] {
    return RECORDING_VIDEO_TYPES.filter((type) => this.running.get(type)?.recorder);
  }

  private finish(entry: Running): void {
    if (!entry.recorder) return;
    const done = entry.recorder.stop().catch((error: unknown) => {
      console.error('Recording failed', error);
    });
    this.pending.add(done);
    void done.finally(() => this.pending.delete(done));
  }
}
