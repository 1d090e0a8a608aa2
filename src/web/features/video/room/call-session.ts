import type { Socket } from 'socket.io-client';
import { openCamera, preferredDevices, stopStream } from '@/features/device-check/lib/camera';
import { mediaErrorMessage } from '@/features/device-check/lib/media-errors';
import type { AppSocket } from '@/lib/socket';
import { CallAnnouncementSchema } from '../../../../shared/realtime';
import type { ClientRoomMessage, SharingRefused } from '../../../../shared/room-messages';
import type { JoinTokenResponse } from '../../../../shared/schemas/video';
import {
  JoinRefusedSchema,
  type Participant,
  ParticipantJoinedSchema,
  ParticipantLeftSchema,
  ReceivedAnswerSchema,
  ReceivedIceCandidateSchema,
  ReceivedOfferSchema,
  SessionJoinedSchema,
} from '../../../../shared/signalling';
import type { RoomChannel } from '../lib/room-channel';
import { CALL_MESSAGES, CALL_TIMERS, tokenIsFresh } from './call-rules';
import { aggregateStatus } from './call-status';
import type { CallPhase, CallSessionOptions, CallSnapshot } from './call-types';
import { PeerMesh } from './peer-mesh';
import { RoomPresence } from './room-presence';
import { SessionMedia } from './session-media';

// One visit to a call room (staff-and-video.md §4, §7 second flow, §9): the join token, the
// camera and microphone, join-session, the mesh of peer connections, the room messages for
// camera state and screen sharing, and re-joining when the signalling reconnects. Plain
// TypeScript; the React hook (use-call-room.ts) renders its snapshots.

/** A listener as socket.io takes it (this file checks each payload itself). */
type SocketHandler = Parameters<Socket['on']>[1];

export class CallSession {
  private readonly socket: AppSocket;
  private readonly releaseSocket: () => void;
  private readonly mesh: PeerMesh;
  private readonly media: SessionMedia;
  private readonly presence: RoomPresence;
  private token: JoinTokenResponse | null = null;
  private phase: CallPhase = 'starting';
  private fatalError: string | null = null;
  private mediaError: string | null = null;
  private channel: RoomChannel | null = null;
  private joined = false;
  private joinRetried = false;
  private ready = false;
  private disposed = false;
  private emitQueued = false;
  private statusTimer?: ReturnType<typeof setTimeout>;
  /** The server said it restarts: the coming drop is expected and said nothing about for a while. */
  private restarting = false;
  private quietTimer?: ReturnType<typeof setTimeout>;

  constructor(private readonly options: CallSessionOptions) {
    if (typeof RTCPeerConnection === 'undefined') {
      // §8: nothing else can work; the socket is not even opened.
      this.fatalError = CALL_MESSAGES.noWebRtc;
      this.phase = 'fatal';
    }
    const { socket, release } = options.acquireSocket();
    this.socket = socket;
    this.releaseSocket = release;
    this.mesh = new PeerMesh({
      iceServers: [],
      selfRole: options.selfRole,
      signaller: {
        offer: (targetSocketId, offer) =>
          socket.emit('webrtc-offer', { sessionId: options.roomId, offer, targetSocketId }),
        answer: (targetSocketId, answer) =>
          socket.emit('webrtc-answer', { sessionId: options.roomId, answer, targetSocketId }),
        candidate: (targetSocketId, candidate) =>
          socket.emit('webrtc-ice-candidate', {
            sessionId: options.roomId,
            candidate,
            targetSocketId,
          }),
      },
      onChange: () => this.emit(),
      onPeerFailed: () => this.onPeerFailed(),
    });
    this.media = new SessionMedia({
      quality: options.quality,
      mesh: this.mesh,
      send: (message) => this.send(message),
      onChange: () => this.emit(),
      onToast: options.onToast,
    });
    this.presence = new RoomPresence({
      roomId: options.roomId,
      onChange: () => this.emit(),
      onStatusRequest: () => this.media.announceState(),
    });
  }

  /** Gets the token and the devices together, then joins. */
  async start(): Promise<void> {
    if (this.phase === 'fatal') {
      this.emit();
      return;
    }
    this.listen();
    this.emit();
    const [outcome, stream] = await Promise.all([
      this.options.requestToken(this.options.roomId),
      openCamera(this.options.quality, preferredDevices()).catch((error: unknown) => {
        // §4, §8: say why, and go on without media.
        this.mediaError = mediaErrorMessage(error);
        return null;
      }),
    ]);
    if (this.disposed) {
      stopStream(stream);
      return;
    }
    this.media.setCamera(stream);
    if (!outcome.ok) return this.refuse(outcome);
    this.ready = true;
    this.emit();
    this.joinWith(outcome.token);
  }

  // ---- actions ----

  toggleCamera = () => this.media.toggleCamera();
  toggleMic = () => this.media.toggleMic();
  toggleShare = () => {
    if (this.presence.sharerSocketId && !this.media.screenStream) return;
    void this.media.toggleShare();
  };
  chooseDevice = (kind: MediaDeviceKind, device: MediaDeviceInfo) =>
    this.media.chooseDevice(kind, device);

  /** Leaves the room (hang up, or the page going away). */
  leave(): void {
    // The media first: a share still on is taken back while this tab is in the room.
    this.media.dispose();
    if (this.joined && this.socket.connected)
      this.socket.emit('leave-session', { sessionId: this.options.roomId });
    this.teardown();
    if (this.phase !== 'fatal' && this.phase !== 'ended') this.phase = 'left';
    this.emit();
  }

  dispose(): void {
    if (this.disposed) return;
    this.leave();
    this.disposed = true;
    this.unlisten();
    this.releaseSocket();
  }

  // ---- signalling ----

  private join(): void {
    if (this.disposed || !this.ready || this.isOver()) return;
    const token = this.token;
    if (!token || !tokenIsFresh(token.expiresAt, Date.now())) {
      void this.renewAndJoin();
      return;
    }
    this.socket.emit('join-session', {
      sessionId: this.options.roomId,
      token: token.token,
      userName: this.options.selfName,
      role: this.options.selfRole,
      applicationId: token.room.applicationId,
    });
  }

  private async renewAndJoin(): Promise<void> {
    this.token = null;
    const outcome = await this.options.requestToken(this.options.roomId);
    if (this.disposed || this.isOver()) return;
    if (!outcome.ok) return this.refuse(outcome);
    this.joinWith(outcome.token);
  }

  private joinWith(token: JoinTokenResponse): void {
    this.token = token;
    this.mesh.setIceServers(token.iceServers);
    if (this.socket.connected) this.join();
  }

  private readonly onConnect = () => {
    if (!this.ready || this.isOver()) return;
    if (this.joined) {
      // A new socket id: join again with it. The peer connections stay: media does not go
      // through the server, and session-joined maps each of them to its user (issue 14).
      this.joined = false;
      this.presence.reset();
      this.channel = null;
      if (!this.restarting) this.phase = 'reconnecting';
      this.emit();
      // A fresh token for the rejoin: new TURN credentials come with it.
      void this.renewAndJoin();
      return;
    }
    this.join();
  };

  private readonly onDisconnect = () => {
    if (!this.joined || this.isOver()) return;
    if (!this.restarting) {
      this.phase = 'reconnecting';
      this.emit();
      return;
    }
    // A node restarting: the socket is back within moments through another node, and the
    // media never stopped, so nothing is shown unless the rejoin takes long.
    clearTimeout(this.quietTimer);
    this.quietTimer = setTimeout(() => {
      this.restarting = false;
      if (!this.joined && !this.isOver() && this.phase === 'joined') {
        this.phase = 'reconnecting';
        this.emit();
      }
    }, CALL_TIMERS.quietRejoinMs);
  };

  private readonly onServerRestarting = () => {
    this.restarting = true;
  };

  private readonly onSessionJoined = (payload: unknown) => {
    const parsed = SessionJoinedSchema.safeParse(payload);
    const token = this.token;
    if (!parsed.success || parsed.data.sessionId !== this.options.roomId || !token) return;
    if (this.isOver()) return;
    this.joined = true;
    this.joinRetried = false;
    this.restarting = false;
    clearTimeout(this.quietTimer);
    this.phase = 'joined';
    this.channel = this.makeChannel(token.room);
    const { participants } = parsed.data;
    // After a rejoin the connections this tab holds are kept, under the others' new ids.
    for (const participant of participants)
      if (!this.mesh.adopt(participant)) this.mesh.add(participant, false);
    // Someone not listed may be rejoining too (their node stopped as well): kept a while.
    for (const socketId of this.mesh.missing(new Set(participants.map((p) => p.userId))))
      this.mesh.hold(socketId, CALL_TIMERS.rejoinGraceMs, this.departed);
    if (participants.length > 0) this.presence.arrived();
    this.options.onJoined?.(token.room);
    // §9: ask the others for their camera state 500 ms after joining; tell them ours.
    clearTimeout(this.statusTimer);
    this.statusTimer = setTimeout(() => {
      if (this.joined) this.send({ type: 'request-video-status' });
    }, CALL_TIMERS.videoStatusRequestMs);
    this.media.announceState();
    this.emit();
  };

  private readonly onRefusedJoin = (payload: unknown) => {
    const parsed = JoinRefusedSchema.safeParse(payload);
    if (!parsed.success || parsed.data.sessionId !== this.options.roomId) return;
    // The token may have expired or the room changed: one more try with a fresh token, whose
    // answer says why when the room is closed to this user.
    if (!this.joinRetried) {
      this.joinRetried = true;
      void this.renewAndJoin();
      return;
    }
    this.refuse({ message: parsed.data.message });
  };

  private readonly onParticipantJoined = (payload: unknown) => {
    const parsed = ParticipantJoinedSchema.safeParse(payload);
    if (!parsed.success || parsed.data.sessionId !== this.options.roomId || !this.joined) return;
    const { sessionId: _, ...participant } = parsed.data;
    this.presence.arrived();
    // Back under a new socket id (their signalling reconnected): the same connection goes on.
    if (!this.mesh.adopt(participant)) this.mesh.add(participant, true);
  };

  private readonly onParticipantLeft = (payload: unknown) => {
    const parsed = ParticipantLeftSchema.safeParse(payload);
    if (!parsed.success || parsed.data.sessionId !== this.options.roomId) return;
    const { socketId, reconnecting } = parsed.data;
    if (reconnecting) {
      // Their socket dropped, not left: a connection still carrying media waits for them.
      this.mesh.hold(socketId, CALL_TIMERS.rejoinGraceMs, this.departed);
      return;
    }
    const gone = this.mesh.views().find((v) => v.participant.socketId === socketId)?.participant;
    this.mesh.remove(socketId);
    this.presence.left(socketId, gone, this.mesh.views().length === 0);
  };

  /** A participant removed after their grace (or at once, with nothing to keep). */
  private readonly departed = (participant: Participant) => {
    this.presence.left(participant.socketId, participant, this.mesh.views().length === 0);
  };

  private readonly onOffer = (payload: unknown) => {
    const parsed = ReceivedOfferSchema.safeParse(payload);
    if (!parsed.success || parsed.data.sessionId !== this.options.roomId || !this.joined) return;
    this.mesh.handleOffer(parsed.data.fromSocketId, parsed.data.offer);
  };

  private readonly onAnswer = (payload: unknown) => {
    const parsed = ReceivedAnswerSchema.safeParse(payload);
    if (!parsed.success || parsed.data.sessionId !== this.options.roomId) return;
    this.mesh.handleAnswer(parsed.data.fromSocketId, parsed.data.answer);
  };

  private readonly onCandidate = (payload: unknown) => {
    const parsed = ReceivedIceCandidateSchema.safeParse(payload);
    if (!parsed.success || parsed.data.sessionId !== this.options.roomId) return;
    this.mesh.handleCandidate(parsed.data.fromSocketId, parsed.data.candidate);
  };

  private readonly onSharingRefused = (payload: SharingRefused) => {
    if (payload?.sessionId !== this.options.roomId) return;
    this.media.stopShare(false);
    this.options.onToast({ title: 'Screen sharing', description: payload.message });
  };

  /** Only the end of the consultation says this (issue 11); a patient may hear it twice. */
  private readonly onCallEnded = (payload: unknown) => {
    const parsed = CallAnnouncementSchema.safeParse(payload);
    if (!parsed.success || parsed.data.roomId !== this.options.roomId) return;
    if (this.phase === 'ended') return;
    this.options.onCallEnded?.();
    this.phase = 'ended';
    this.leave();
  };

  /** What this visit hears on the socket, the end of the consultation included. */
  private handlers(): [string, SocketHandler][] {
    return [
      ['connect', this.onConnect],
      ['disconnect', this.onDisconnect],
      ['session-joined', this.onSessionJoined],
      ['join-session-refused', this.onRefusedJoin],
      ['participant-joined', this.onParticipantJoined],
      ['participant-left', this.onParticipantLeft],
      ['webrtc-offer', this.onOffer],
      ['webrtc-answer', this.onAnswer],
      ['webrtc-ice-candidate', this.onCandidate],
      ['room-message', this.presence.hear],
      ['sharing-refused', this.onSharingRefused],
      ['call-ended', this.onCallEnded],
      ['server-restarting', this.onServerRestarting],
    ];
  }

  private listen(): void {
    const socket = this.socket as unknown as Socket;
    for (const [event, handler] of this.handlers()) socket.on(event, handler);
  }

  private unlisten(): void {
    const socket = this.socket as unknown as Socket;
    for (const [event, handler] of this.handlers()) socket.off(event, handler);
  }

  // ---- helpers ----

  private send(message: ClientRoomMessage): void {
    if (!this.joined || this.disposed) return;
    this.socket.emit('room-message', { sessionId: this.options.roomId, message });
  }

  private makeChannel(room: JoinTokenResponse['room']): RoomChannel {
    return {
      sessionId: this.options.roomId,
      selfSocketId: this.socket.id ?? '',
      selfName: this.options.selfName,
      room,
      socket: this.socket,
      send: (message) => this.send(message),
      subscribe: (listener) => this.presence.subscribe(listener),
    };
  }

  private refuse(outcome: { message: string | null; fatal?: boolean }): void {
    if (outcome.fatal) {
      this.fail(outcome.message ?? CALL_MESSAGES.initFailed);
      return;
    }
    this.leave();
    this.options.onRefused(outcome.message);
  }

  private onPeerFailed(): void {
    const peers = this.mesh.views();
    if (peers.length === 0 || !peers.every((p) => p.state === 'failed')) return;
    const everConnected = this.mesh.anyEverConnected();
    this.fail(everConnected ? CALL_MESSAGES.connectionFailed : CALL_MESSAGES.networkFailed);
  }

  private fail(message: string): void {
    this.fatalError = message;
    this.phase = 'fatal';
    this.leave();
  }

  private isOver(): boolean {
    return this.phase === 'fatal' || this.phase === 'ended' || this.phase === 'left';
  }

  private teardown(): void {
    clearTimeout(this.statusTimer);
    clearTimeout(this.quietTimer);
    this.joined = false;
    this.channel = null;
    this.mesh.dispose();
  }

  /** Coalesces the many small changes of one tick into one snapshot. */
  private emit(): void {
    if (this.disposed || this.emitQueued) return;
    this.emitQueued = true;
    queueMicrotask(() => {
      this.emitQueued = false;
      if (!this.disposed) this.options.onSnapshot(this.snapshot());
    });
  }

  snapshot(): CallSnapshot {
    const views = this.mesh.views();
    return {
      phase: this.phase,
      fatalError: this.fatalError,
      mediaError: this.mediaError,
      room: this.token?.room ?? null,
      status: aggregateStatus(views.map((v) => v.state)),
      localStream: this.media.localStream,
      screenStream: this.media.screenStream,
      cameraOn: this.media.cameraOn,
      micOn: this.media.micOn,
      peers: views.map((v) => ({
        ...v,
        videoOff: this.presence.isVideoOff(v.participant.socketId),
      })),
      sharerSocketId: this.presence.sharerSocketId,
      audioOutputId: this.media.audioOutputId,
      channel: this.channel,
      departed: this.presence.departed,
    };
  }
}
