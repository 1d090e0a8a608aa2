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
import { type AppSocket, dataOf, memberOf, participantOf, roomForSocket } from '../participants.js';
import { type GoneCheck, socketsIn } from './live-members.js';
import type { PendingRecording, RoomState, RoomStore, RunningRecording } from './room-state.js';

// Recording (staff-and-video.md §4 Recording, §7; issue 5: consent first). The room's host
// (describeRoom: a consultation's doctor or staff who run consultations, a session's creator)
// asks; every patient in the room is asked to consent; when all have agreed, the server
// opens the recording and tells the whole room (host included), and each participant records
// its own streams through create-file and HTTP chunks. A refusal is told to the host and
// nothing is recorded. A patient who joins while the question is open, or while a recording
// runs, is asked too; a refusal then stops it for everyone: nobody is recorded in a room where
// a patient said no. Any host of the room may stop it; the requesting host leaving ends it,
// and so does a host whose node died (found gone at the next join or request).
// The room is told a recording ended even when writing that to the database fails, so no
// browser keeps recording on a failed write. The state changes first, atomically across nodes
// (room-state.ts); what follows from a change (database writes, emits) is done after it.

/** Runs async work for an event without letting a failure reach the process. */
const safely = (work: () => Promise<void>) => {
  void work().catch(() => undefined);
};

/** Everyone asked agreed: the question becomes the running recording (to be opened). */
function beginIn(state: RoomState, pending: PendingRecording): PendingRecording {
  state.pending = null;
  state.recording = { recordingId: pending.recordingId, host: pending.host, awaiting: [] };
  return pending;
}

const without = (ids: string[], id: string) => ids.filter((x) => x !== id);

/** What a change of the recording state leaves to do. */
interface Aftermath {
  /** The question was refused: only the host is told (nothing was recorded). */
  refused?: () => void;
  begin?: PendingRecording;
  ended?: { running: RunningRecording; status: RecordingEnd; notice?: () => void };
}

export class RecordingEvents {
  constructor(
    private readonly ctx: AppContext,
    private readonly io: IoServer,
    private readonly rooms: () => RoomStore,
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
  async joined(sessionId: string, socket: AppSocket, gone: GoneCheck): Promise<void> {
    await this.dropGone(sessionId, gone);
    const patient = dataOf(socket).role === 'patient';
    const found = await this.rooms().update(sessionId, (state) => {
      const { pending, recording } = state;
      // Otherwise the others' consent would start it with this patient never asked.
      if (pending && patient) pending.awaiting.push(socket.id);
      if (recording && patient) recording.awaiting.push(socket.id);
      return { pending, recording };
    });
    const { pending, recording } = found;
    if (pending && patient) this.askConsent(socket.id, sessionId, pending);
    if (!recording) return;
    if (!patient) this.tellRecording(sessionId, recording.recordingId, true, socket.id);
    else this.askConsent(socket.id, sessionId, recording);
  }

  /** Someone left: the host's leaving ends the recording; a patient's unanswered question goes. */
  async left(sessionId: string, gone: GoneCheck): Promise<void> {
    await this.dropGone(sessionId, gone);
  }

  /**
   * Sockets that are gone leave the state: a host's question is withdrawn, their recording
   * ends (host_disconnected), a patient's unanswered question goes (which may start it).
   */
  private async dropGone(sessionId: string, gone: GoneCheck): Promise<void> {
    const after = await this.rooms().update(sessionId, (state): Aftermath => {
      const out: Aftermath = {};
      if (state.pending && gone(state.pending.host.socketId)) state.pending = null;
      const pending = state.pending;
      if (pending) {
        pending.awaiting = pending.awaiting.filter((id) => !gone(id));
        if (pending.awaiting.length === 0) out.begin = beginIn(state, pending);
      }
      const running = state.recording;
      if (running) {
        running.awaiting = running.awaiting.filter((id) => !gone(id));
        if (gone(running.host.socketId)) {
          state.recording = null;
          const notice = () =>
            this.io
              .to(videoRoom(sessionId))
              .emit('host-disconnected', { sessionId, recordingId: running.recordingId });
          out.ended = { running, status: 'host_disconnected', notice };
        }
      }
      return out;
    });
    await this.follow(sessionId, after);
  }

  private async request(socket: AppSocket, sessionId: string): Promise<void> {
    if (!memberOf(socket, sessionId)) return;
    const room = await roomForSocket(this.ctx, socket, sessionId);
    if (!room?.isHost || !memberOf(socket, sessionId)) return;
    const inRoom = await socketsIn(this.io, sessionId);
    const present = new Set(inRoom.map((s) => s.id));
    // A recording whose host's node died would otherwise block this one for good.
    await this.dropGone(sessionId, (id) => !present.has(id));
    const patients = inRoom
      .filter((s) => s.id !== socket.id && dataOf(s).role === 'patient')
      .map((s) => s.id);
    const asked = await this.rooms().update(sessionId, (state) => {
      if (state.recording || state.pending) return null;
      const pending: PendingRecording = {
        recordingId: randomUUID(),
        host: participantOf(socket),
        consultationId: room.consultationId,
        videoSessionId: room.videoSessionId,
        awaiting: patients,
      };
      state.pending = pending;
      return patients.length === 0 ? { begin: beginIn(state, pending) } : { pending };
    });
    if (!asked) return;
    if (asked.begin) return this.follow(sessionId, { begin: asked.begin });
    for (const patient of patients) this.askConsent(patient, sessionId, asked.pending);
  }

  private async consent(
    socket: AppSocket,
    sessionId: string,
    recordingId: string,
    accepted: boolean,
  ): Promise<void> {
    if (!memberOf(socket, sessionId)) return;
    const userName = dataOf(socket).userName;
    const after = await this.rooms().update(sessionId, (state): Aftermath & { told?: true } => {
      const { pending, recording } = state;
      if (pending?.recordingId === recordingId && pending.awaiting.includes(socket.id)) {
        if (!accepted) {
          state.pending = null;
          const host = pending.host.socketId;
          return { refused: () => this.declined(host, sessionId, recordingId, userName) };
        }
        pending.awaiting = without(pending.awaiting, socket.id);
        return pending.awaiting.length === 0 ? { begin: beginIn(state, pending) } : {};
      }
      if (recording?.recordingId === recordingId && recording.awaiting.includes(socket.id)) {
        recording.awaiting = without(recording.awaiting, socket.id);
        if (accepted) return { told: true };
        state.recording = null;
        const notice = () =>
          this.declined(recording.host.socketId, sessionId, recordingId, userName);
        return { ended: { running: recording, status: 'stopped', notice } };
      }
      return {};
    });
    if (after.told) this.tellRecording(sessionId, recordingId, true, socket.id);
    await this.follow(sessionId, after);
  }

  private async stop(socket: AppSocket, sessionId: string): Promise<void> {
    if (!memberOf(socket, sessionId)) return;
    const store = this.rooms();
    const running = await store.update(sessionId, (state) => {
      if (state.pending?.host.socketId === socket.id) state.pending = null;
      return state.recording;
    });
    if (!running) return;
    // A consultation room may hold two hosts (its doctor and staff): either may stop it, as
    // both are shown the stop button.
    if (running.host.socketId !== socket.id) {
      const room = await roomForSocket(this.ctx, socket, sessionId);
      if (!room?.isHost || !memberOf(socket, sessionId)) return;
    }
    const stopped = await store.update(sessionId, (state) => {
      if (state.recording?.recordingId !== running.recordingId) return false; // stopped meanwhile
      state.recording = null;
      return true;
    });
    if (stopped) await this.follow(sessionId, { ended: { running, status: 'stopped' } });
  }

  /**
   * What a committed change leaves to do. An ended recording is stored as ended (a failed
   * write is not allowed to keep the room recording), its notice sent, then the room told to
   * stop recording. A begun one is opened in the database, then the room told; if that write
   * fails, the state lets go of it and nobody is told it started.
   */
  private async follow(sessionId: string, after: Aftermath): Promise<void> {
    after.refused?.();
    const { ended, begin } = after;
    if (ended) {
      const { running, status, notice } = ended;
      await finishRecording(this.ctx, running.recordingId, status).catch(() => undefined);
      notice?.();
      this.tellRecording(sessionId, running.recordingId, false);
    }
    if (begin) {
      try {
        await startRecording(this.ctx, {
          id: begin.recordingId,
          roomId: sessionId,
          consultationId: begin.consultationId,
          videoSessionId: begin.videoSessionId,
          startedBy: begin.host.userId,
        });
      } catch (err) {
        await this.rooms().update(sessionId, (state) => {
          if (state.recording?.recordingId === begin.recordingId) state.recording = null;
        });
        throw err;
      }
      this.tellRecording(sessionId, begin.recordingId, true);
    }
  }

  private async createFile(socket: AppSocket, payload: unknown): Promise<CreateFileAck> {
    const parsed = CreateFileSchema.safeParse(payload);
    if (!parsed.success)
      return { ok: false, message: parsed.error.issues[0]?.message ?? 'Invalid file' };
    const file = parsed.data;
    const recording = memberOf(socket, file.roomId)
      ? (await this.rooms().read(file.roomId)).recording
      : null;
    if (recording?.recordingId !== file.recordingId || recording.awaiting.includes(socket.id))
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
      isHost: recording.host.socketId === socket.id,
    });
    return { ok: true, fileId };
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

  private askConsent(
    socketId: string,
    sessionId: string,
    asked: { recordingId: string; host: { userName: string } },
  ) {
    this.io.to(socketId).emit('recording-consent-request', {
      sessionId,
      recordingId: asked.recordingId,
      requestedBy: asked.host.userName || 'Your physician',
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
