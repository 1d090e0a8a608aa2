import { randomUUID } from 'node:crypto';
import {
  CONSENT_DECLINED,
  type CreateFileAck,
  CreateFileSchema,
  RecordingConsentSchema,
  RecordingControlSchema,
} from '../../../shared/room-messages.js';
import { DEFAULT_RECORDER_NAME } from '../../../shared/schemas/video.js';
import { videoRoom } from '../../../shared/signalling.js';
import type { AppContext } from '../../context.js';
import {
  createRecordingFile,
  finishRecording,
  type RecordingEnd,
  startRecording,
} from '../../modules/video/recordings.js';
import type { IoServer } from '../hub.js';
import { type AppSocket, dataOf, memberOf, roomForSocket } from '../participants.js';
import type { RoomState, RoomStates } from './room-state.js';

// Recording (staff-and-video.md §4 Recording, §7; issue 5: consent first). The room's host
// (describeRoom: a consultation's doctor or staff who run consultations, a session's creator)
// asks; every patient in the room is asked to consent; when all have agreed, the server
// opens the recording and tells the whole room (host included), and each participant records
// its own streams through create-file and HTTP chunks. A refusal is told to the host and
// nothing is recorded. A patient who joins while the question is open, or while a recording
// runs, is asked too; a refusal then stops it for everyone: nobody is recorded in a room where
// a patient said no. Any host of the room may stop it; the requesting host leaving ends it.
// The room is told a recording ended even when writing that to the database fails, so no
// browser keeps recording on a failed write.

const patientsIn = async (io: IoServer, sessionId: string, exceptSocketId: string) =>
  (await io.in(videoRoom(sessionId)).fetchSockets()).filter(
    (s) => s.id !== exceptSocketId && dataOf(s).role === 'patient',
  );

/** Runs async work for an event without letting a failure reach the process. */
const safely = (work: () => Promise<void>) => {
  void work().catch(() => undefined);
};

export class RecordingEvents {
  constructor(
    private readonly ctx: AppContext,
    private readonly io: IoServer,
    private readonly rooms: RoomStates,
  ) {}

  register(socket: AppSocket): void {
    socket.on('recording-request', (payload) => {
      const parsed = RecordingControlSchema.safeParse(payload);
      if (parsed.success) safely(() => this.request(socket, parsed.data.sessionId));
    });
    socket.on('recording-stop', (payload) => {
      const parsed = RecordingControlSchema.safeParse(payload);
      if (parsed.success) safely(() => this.stop(socket, parsed.data.sessionId));
    });
    socket.on('recording-consent', (payload) => {
      const parsed = RecordingConsentSchema.safeParse(payload);
      if (!parsed.success) return;
      const { sessionId, recordingId, accepted } = parsed.data;
      safely(() => this.consent(socket, sessionId, recordingId, accepted));
    });
    socket.on('create-file', (payload, ack) => {
      const reply = (result: CreateFileAck) => {
        if (typeof ack === 'function') ack(result);
      };
      safely(async () => {
        const result = await this.createFile(socket, payload).catch(() => ({
          ok: false as const,
          message: 'The recording file could not be created',
        }));
        reply(result);
      });
    });
  }

  /** A newcomer: a patient is asked to consent to the recording asked for or running. */
  async joined(sessionId: string, socket: AppSocket): Promise<void> {
    const state = this.rooms.peek(sessionId);
    const pending = state?.pending;
    if (pending && dataOf(socket).role === 'patient') {
      // Otherwise the others' consent would start it with this patient never asked.
      pending.awaiting.add(socket.id);
      this.askConsent(socket.id, sessionId, pending.recordingId, pending.hostSocketId);
    }
    const recording = state?.recording;
    if (!recording) return;
    if (dataOf(socket).role !== 'patient') {
      this.tellRecording(sessionId, recording.recordingId, true, socket.id);
      return;
    }
    recording.awaiting.add(socket.id);
    this.askConsent(socket.id, sessionId, recording.recordingId, recording.hostSocketId);
  }

  /** Someone left: the host's leaving ends the recording; a patient's unanswered question goes. */
  async left(sessionId: string, socket: AppSocket): Promise<void> {
    const state = this.rooms.peek(sessionId);
    if (!state) return;
    if (state.pending?.hostSocketId === socket.id) state.pending = null;
    state.pending?.awaiting.delete(socket.id);
    if (state.pending && state.pending.awaiting.size === 0) await this.begin(sessionId, state);
    const recording = state.recording;
    if (!recording) return;
    recording.awaiting.delete(socket.id);
    if (recording.hostSocketId !== socket.id) return;
    await this.end(sessionId, state, 'host_disconnected', () =>
      this.io
        .to(videoRoom(sessionId))
        .emit('host-disconnected', { sessionId, recordingId: recording.recordingId }),
    );
  }

  private async request(socket: AppSocket, sessionId: string): Promise<void> {
    if (!memberOf(socket, sessionId)) return;
    const room = await roomForSocket(this.ctx, socket, sessionId);
    if (!room?.isHost || !memberOf(socket, sessionId)) return;
    const state = this.rooms.get(sessionId);
    if (state.recording || state.pending) return;
    const patients = await patientsIn(this.io, sessionId, socket.id);
    state.pending = {
      recordingId: randomUUID(),
      hostSocketId: socket.id,
      hostUserId: dataOf(socket).userId,
      consultationId: room.consultationId,
      videoSessionId: room.videoSessionId,
      awaiting: new Set(patients.map((p) => p.id)),
    };
    if (patients.length === 0) return this.begin(sessionId, state);
    for (const patient of patients)
      this.askConsent(patient.id, sessionId, state.pending.recordingId, socket.id);
  }

  private async consent(
    socket: AppSocket,
    sessionId: string,
    recordingId: string,
    accepted: boolean,
  ): Promise<void> {
    if (!memberOf(socket, sessionId)) return;
    const state = this.rooms.peek(sessionId);
    const { pending, recording } = state ?? {};
    if (!state) return;
    const userName = dataOf(socket).userName;
    if (pending?.recordingId === recordingId && pending.awaiting.has(socket.id)) {
      if (!accepted) {
        state.pending = null;
        this.declined(pending.hostSocketId, sessionId, recordingId, userName);
        return;
      }
      pending.awaiting.delete(socket.id);
      if (pending.awaiting.size === 0) await this.begin(sessionId, state);
      return;
    }
    if (recording?.recordingId === recordingId && recording.awaiting.has(socket.id)) {
      recording.awaiting.delete(socket.id);
      if (accepted) {
        this.tellRecording(sessionId, recordingId, true, socket.id);
        return;
      }
      await this.end(sessionId, state, 'stopped', () =>
        this.declined(recording.hostSocketId, sessionId, recordingId, userName),
      );
    }
  }

  private async stop(socket: AppSocket, sessionId: string): Promise<void> {
    const state = this.rooms.peek(sessionId);
    if (!state || !memberOf(socket, sessionId)) return;
    if (state.pending?.hostSocketId === socket.id) state.pending = null;
    const running = state.recording;
    if (!running) return;
    // A consultation room may hold two hosts (its doctor and staff): either may stop it, as
    // both are shown the stop button.
    if (running.hostSocketId !== socket.id) {
      const room = await roomForSocket(this.ctx, socket, sessionId);
      if (!room?.isHost || !memberOf(socket, sessionId)) return;
    }
    if (state.recording !== running) return; // stopped meanwhile
    await this.end(sessionId, state, 'stopped');
  }

  /**
   * Ends the running recording: stored as ended (a failed write is not allowed to keep the
   * room recording), `notice` sent, then the room told to stop recording.
   */
  private async end(
    sessionId: string,
    state: RoomState,
    status: RecordingEnd,
    notice?: () => void,
  ): Promise<void> {
    const running = state.recording;
    if (!running) return;
    state.recording = null;
    await finishRecording(this.ctx, running.recordingId, status).catch(() => undefined);
    notice?.();
    this.tellRecording(sessionId, running.recordingId, false);
  }

  private async createFile(socket: AppSocket, payload: unknown): Promise<CreateFileAck> {
    const parsed = CreateFileSchema.safeParse(payload);
    if (!parsed.success)
      return { ok: false, message: parsed.error.issues[0]?.message ?? 'Invalid file' };
    const file = parsed.data;
    const recording = this.rooms.peek(file.roomId)?.recording;
    if (
      !memberOf(socket, file.roomId) ||
      recording?.recordingId !== file.recordingId ||
      recording.awaiting.has(socket.id)
    )
      return { ok: false, message: 'No recording is running in this room' };
    const who = dataOf(socket);
    const fileId = await createRecordingFile(this.ctx, {
      recordingId: file.recordingId,
      userId: who.userId,
      // The name the server knows; the payload's only when it has none.
      userName: who.userName || file.userName || DEFAULT_RECORDER_NAME,
      streamId: file.streamId,
      videoType: file.videoType,
      mimeType: file.mimeType,
      isHost: recording.hostSocketId === socket.id,
    });
    return { ok: true, fileId };
  }

  /** Everyone agreed: the recording is opened and the room told. */
  private async begin(sessionId: string, state: RoomState): Promise<void> {
    const pending = state.pending;
    if (!pending) return;
    state.pending = null;
    await startRecording(this.ctx, {
      id: pending.recordingId,
      roomId: sessionId,
      consultationId: pending.consultationId,
      videoSessionId: pending.videoSessionId,
      startedBy: pending.hostUserId,
    });
    state.recording = {
      recordingId: pending.recordingId,
      hostSocketId: pending.hostSocketId,
      awaiting: new Set(),
    };
    this.tellRecording(sessionId, pending.recordingId, true);
  }

  /** The room-wide recording on/off, to everyone (the host too) or to one socket. */
  private tellRecording(sessionId: string, recordingId: string, flag: boolean, only?: string) {
    const target = only ? this.io.to(only) : this.io.to(videoRoom(sessionId));
    target.emit('room-message', {
      sessionId,
      from: null,
      message: { type: 'recording', flag, recordingId },
    });
  }

  private askConsent(socketId: string, sessionId: string, recordingId: string, hostId: string) {
    const host = this.io.sockets.sockets.get(hostId);
    this.io.to(socketId).emit('recording-consent-request', {
      sessionId,
      recordingId,
      requestedBy: host ? dataOf(host).userName : 'Your physician',
    });
  }

  private declined(hostSocketId: string, sessionId: string, recordingId: string, name: string) {
    this.io.to(hostSocketId).emit('recording-consent-declined', {
      sessionId,
      recordingId,
      userName: name,
      message: CONSENT_DECLINED(name),
    });
  }
}
