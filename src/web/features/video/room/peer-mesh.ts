import {
  offersTo,
  type Participant,
  type SignalAnswer,
  type SignalIceCandidate,
  type SignalOffer,
} from '../../../../shared/signalling';
import { type PeerState, peerStateOf } from './call-status';
import { OrphanCandidates, PendingCandidates } from './pending-candidates';

// One RTCPeerConnection per other participant (ADR 0008: a mesh for a few people). Who
// offers is decided by `offersTo` on both sides, so exactly one side of each pair offers and
// there is no glare; only the offerer restarts ICE. Each connection carries one audio and
// one video transceiver, both sendrecv from the start, so changing a device or sharing the
// screen swaps the outgoing track (`replaceTrack`) without renegotiating.

export type MediaKind = 'audio' | 'video';
const KINDS: readonly MediaKind[] = ['audio', 'video'];

export interface MeshSignaller {
  offer(targetSocketId: string, offer: SignalOffer): void;
  answer(targetSocketId: string, answer: SignalAnswer): void;
  candidate(targetSocketId: string, candidate: SignalIceCandidate): void;
}

export interface MeshOptions {
  iceServers: RTCIceServer[];
  /** This participant's role (for `offersTo`). */
  selfRole: string;
  signaller: MeshSignaller;
  /** Something a snapshot shows changed (a state, a track, a peer). */
  onChange: () => void;
  /** A peer stayed failed after the ICE restarts; `everConnected` tells a drop from a block. */
  onPeerFailed?: (socketId: string, everConnected: boolean) => void;
  createConnection?: (config: RTCConfiguration) => RTCPeerConnection;
  /** ICE restarts the offerer tries before giving up on a peer. */
  restartLimit?: number;
  /** How long a `disconnected` connection may recover on its own before the offerer restarts ICE. */
  disconnectGraceMs?: number;
  /** How long the answering side waits for the offerer's restart before giving up. */
  failureGraceMs?: number;
}

export interface PeerView {
  participant: Participant;
  /** The remote audio and video as they arrive (null until the first track). */
  stream: MediaStream | null;
  state: PeerState;
  offerer: boolean;
}

interface Peer {
  participant: Participant;
  pc: RTCPeerConnection;
  offerer: boolean;
  pending: PendingCandidates;
  senders: Partial<Record<MediaKind, RTCRtpSender>>;
  stream: MediaStream | null;
  state: PeerState;
  everConnected: boolean;
  restarts: number;
  closed: boolean;
  /** Signalling work for this peer, one step at a time. */
  chain: Promise<void>;
  timer?: ReturnType<typeof setTimeout>;
  /** Set while the peer's signalling is away (their socket dropped); ends in removal. */
  holdTimer?: ReturnType<typeof setTimeout>;
}

export class PeerMesh {
  private readonly peers = new Map<string, Peer>();
  private readonly orphans = new OrphanCandidates();
  private outgoing: Record<MediaKind, MediaStreamTrack | null> = { audio: null, video: null };
  private outgoingStream: MediaStream | null = null;
  private closed = false;

  constructor(private readonly options: MeshOptions) {}

  /** The tracks every peer is sent; set before adding peers, replaced later with `replaceTrack`. */
  setOutgoing(stream: MediaStream | null): void {
    this.outgoingStream = stream;
    this.outgoing = {
      audio: stream?.getAudioTracks()[0] ?? null,
      video: stream?.getVideoTracks()[0] ?? null,
    };
  }

  /** The stream new peers are told the outgoing tracks belong to (after a device change). */
  setOutgoingStream(stream: MediaStream | null): void {
    this.outgoingStream = stream;
  }

  /** Swaps the outgoing track of one kind on every peer (a device change, a screen share). */
  async replaceTrack(kind: MediaKind, track: MediaStreamTrack | null): Promise<void> {
    this.outgoing[kind] = track;
    await Promise.all(
      [...this.peers.values()].map((peer) =>
        peer.senders[kind]?.replaceTrack(track).catch((error: unknown) => {
          console.error('replaceTrack failed', error);
        }),
      ),
    );
  }

  /** STUN/TURN for connections made from now on (they come with the join token). */
  setIceServers(iceServers: RTCIceServer[]): void {
    this.options.iceServers = iceServers;
  }

  /** Whether any current peer was ever connected (a dropped call, not a blocked one). */
  anyEverConnected(): boolean {
    return [...this.peers.values()].some((p) => p.everConnected);
  }

  get size(): number {
    return this.peers.size;
  }

  has(socketId: string): boolean {
    return this.peers.has(socketId);
  }

  views(): PeerView[] {
    return [...this.peers.values()].map((p) => ({
      participant: p.participant,
      stream: p.stream,
      state: p.state,
      offerer: p.offerer,
    }));
  }

  /**
   * A participant to connect with. `arrivedFirst`: this tab was in the room before them
   * (they came through participant-joined). The offerer sends the offer at once.
   */
  add(participant: Participant, arrivedFirst: boolean): void {
    if (this.closed) return;
    const existing = this.peers.get(participant.socketId);
    if (existing) {
      existing.participant = participant;
      return;
    }
    const offerer = offersTo(
      { role: this.options.selfRole, arrivedFirst },
      { role: participant.role },
    );
    const peer = this.create(participant, offerer);
    if (offerer) {
      for (const kind of KINDS) {
        const transceiver = peer.pc.addTransceiver(this.outgoing[kind] ?? kind, {
          direction: 'sendrecv',
          streams: this.outgoingStream ? [this.outgoingStream] : [],
        });
        peer.senders[kind] = transceiver.sender;
      }
      this.sendOffer(peer, false);
    }
  }

  /**
   * The same user under a new socket id (a rejoin after the signalling reconnected, issue 14):
   * a connection that still carries media is kept and answers to the new id, so the call goes
   * on without a new offer. Answers false when there is none to keep (a failed one is closed):
   * the caller then adds the participant as new.
   */
  adopt(participant: Participant): boolean {
    if (this.closed) return false;
    const same = this.peers.get(participant.socketId);
    if (same) {
      same.participant = participant;
      return true;
    }
    const peer = [...this.peers.values()].find((p) => p.participant.userId === participant.userId);
    if (!peer) return false;
    if (!carriesMedia(peer)) {
      this.remove(peer.participant.socketId);
      return false;
    }
    clearTimeout(peer.holdTimer);
    peer.holdTimer = undefined;
    this.peers.delete(peer.participant.socketId);
    peer.participant = participant;
    this.peers.set(participant.socketId, peer);
    // Candidates the new id sent before this tab knew it.
    for (const candidate of this.orphans.take(participant.socketId))
      this.step(peer, () => addCandidate(peer.pc, candidate));
    this.options.onChange();
    return true;
  }

  /**
   * A participant's signalling dropped (their socket will be back under a new id): a
   * connection still carrying media is kept `graceMs` for `adopt`, then removed; `gone` is
   * called when it is removed, now (nothing to keep) or at the end of the grace.
   */
  hold(socketId: string, graceMs: number, gone: (participant: Participant) => void): void {
    const peer = this.peers.get(socketId);
    if (!peer) return;
    if (!carriesMedia(peer)) {
      this.remove(socketId);
      gone(peer.participant);
      return;
    }
    clearTimeout(peer.holdTimer);
    peer.holdTimer = setTimeout(() => {
      if (this.peers.get(peer.participant.socketId) !== peer) return;
      this.remove(peer.participant.socketId);
      gone(peer.participant);
    }, graceMs);
  }

  /** Socket ids of the peers whose user is not among `userIds` (after a rejoin). */
  missing(userIds: ReadonlySet<string>): string[] {
    return [...this.peers.values()]
      .filter((p) => !userIds.has(p.participant.userId))
      .map((p) => p.participant.socketId);
  }

  remove(socketId: string): void {
    const peer = this.peers.get(socketId);
    if (!peer) return;
    this.peers.delete(socketId);
    this.closePeer(peer);
    this.options.onChange();
  }

  /** Closes every connection (leaving, or rebuilding after the signalling reconnects). */
  closeAll(): void {
    for (const peer of this.peers.values()) this.closePeer(peer);
    this.peers.clear();
    this.orphans.clear();
    this.options.onChange();
  }

  /** Closes everything for good. */
  dispose(): void {
    this.closed = true;
    this.closeAll();
  }

  /** An offer from `from`; a sender this tab does not know yet is added as it describes itself. */
  handleOffer(from: string, offer: SignalOffer, sender?: Participant): void {
    if (this.closed) return;
    let peer = this.peers.get(from);
    if (!peer) {
      peer = this.create(
        sender ?? { socketId: from, userId: from, userName: '', role: 'patient' },
        false,
      );
    }
    const target = peer;
    // The other side offers: this side answers (they decided; a rare disagreement, such as an
    // unknown role, is settled by accepting their offer, which rolls back our own).
    target.offerer = false;
    this.step(target, async () => {
      await target.pc.setRemoteDescription(offer);
      this.attachLocalTracks(target);
      await this.flushCandidates(target);
      const answer = await target.pc.createAnswer();
      await target.pc.setLocalDescription(answer);
      const local = target.pc.localDescription;
      if (local && !target.closed && (local.type === 'answer' || local.type === 'pranswer'))
        this.options.signaller.answer(from, { type: local.type, sdp: local.sdp });
    });
  }

  handleAnswer(from: string, answer: SignalAnswer): void {
    const peer = this.peers.get(from);
    if (!peer) return;
    this.step(peer, async () => {
      // A late answer to an offer that was replaced (an ICE restart) is ignored.
      if (peer.pc.signalingState !== 'have-local-offer') return;
      await peer.pc.setRemoteDescription(answer);
      await this.flushCandidates(peer);
    });
  }

  handleCandidate(from: string, candidate: SignalIceCandidate): void {
    if (this.closed) return;
    const peer = this.peers.get(from);
    if (!peer) {
      this.orphans.push(from, candidate);
      return;
    }
    this.step(peer, async () => {
      if (!peer.pc.remoteDescription) {
        peer.pending.push(candidate);
        return;
      }
      await addCandidate(peer.pc, candidate);
    });
  }

  private create(participant: Participant, offerer: boolean): Peer {
    const config: RTCConfiguration = { iceServers: this.options.iceServers };
    const pc = this.options.createConnection
      ? this.options.createConnection(config)
      : new RTCPeerConnection(config);
    const peer: Peer = {
      participant,
      pc,
      offerer,
      pending: new PendingCandidates(),
      senders: {},
      stream: null,
      state: 'new',
      everConnected: false,
      restarts: 0,
      closed: false,
      chain: Promise.resolve(),
    };
    for (const candidate of this.orphans.take(participant.socketId)) peer.pending.push(candidate);
    this.peers.set(participant.socketId, peer);

    pc.onicecandidate = (event) => {
      if (peer.closed || !event.candidate || !event.candidate.candidate) return;
      const c = event.candidate.toJSON();
      // The peer's current id: it changes when the other side rejoins (adopt).
      this.options.signaller.candidate(peer.participant.socketId, {
        candidate: c.candidate ?? '',
        sdpMid: c.sdpMid ?? null,
        sdpMLineIndex: c.sdpMLineIndex ?? null,
        usernameFragment: c.usernameFragment ?? null,
      });
    };
    pc.ontrack = (event) => {
      if (peer.closed) return;
      if (!peer.stream) peer.stream = new MediaStream();
      if (!peer.stream.getTracks().includes(event.track)) peer.stream.addTrack(event.track);
      // A new MediaStream object makes the view re-render; the element keeps the same tracks.
      peer.stream = new MediaStream(peer.stream.getTracks());
      this.options.onChange();
    };
    const onState = () => this.onStateChange(peer);
    pc.onconnectionstatechange = onState;
    pc.oniceconnectionstatechange = onState;
    this.options.onChange();
    return peer;
  }

  /** The answering side sends on the transceivers the offer created. */
  private attachLocalTracks(peer: Peer): void {
    for (const transceiver of peer.pc.getTransceivers()) {
      const kind = transceiver.receiver.track?.kind as MediaKind | undefined;
      if (!kind || peer.senders[kind] || transceiver.currentDirection === 'stopped') continue;
      peer.senders[kind] = transceiver.sender;
      transceiver.direction = 'sendrecv';
      const track = this.outgoing[kind];
      if (track) {
        void transceiver.sender.replaceTrack(track).catch(() => undefined);
        if (this.outgoingStream) transceiver.sender.setStreams?.(this.outgoingStream);
      }
    }
  }

  private async flushCandidates(peer: Peer): Promise<void> {
    for (const candidate of peer.pending.drain()) await addCandidate(peer.pc, candidate);
  }

  private sendOffer(peer: Peer, iceRestart: boolean): void {
    this.step(peer, async () => {
      if (iceRestart) peer.pc.restartIce();
      const offer = await peer.pc.createOffer(iceRestart ? { iceRestart: true } : undefined);
      if (peer.closed) return;
      await peer.pc.setLocalDescription(offer);
      const local = peer.pc.localDescription;
      if (local?.type === 'offer' && !peer.closed)
        this.options.signaller.offer(peer.participant.socketId, {
          type: 'offer',
          sdp: local.sdp,
        });
    });
  }

  private step(peer: Peer, work: () => Promise<void>): void {
    peer.chain = peer.chain
      .then(() => (peer.closed ? undefined : work()))
      .catch((error: unknown) => {
        if (!peer.closed) console.error('WebRTC signalling step failed', error);
      });
  }

  private onStateChange(peer: Peer): void {
    if (peer.closed) return;
    const state = peerStateOf(peer.pc);
    if (state === peer.state) return;
    peer.state = state;
    clearTimeout(peer.timer);
    const { restartLimit = 3, disconnectGraceMs = 4000, failureGraceMs = 15000 } = this.options;
    if (state === 'connected') {
      peer.everConnected = true;
      peer.restarts = 0;
    } else if (state === 'disconnected' && peer.offerer) {
      // Often recovers by itself (a brief loss); if not, restart ICE.
      peer.timer = setTimeout(() => {
        if (!peer.closed && peer.state === 'disconnected') this.restart(peer, restartLimit);
      }, disconnectGraceMs);
    } else if (state === 'failed') {
      if (peer.offerer) this.restart(peer, restartLimit);
      else
        peer.timer = setTimeout(() => {
          if (!peer.closed && peer.state === 'failed')
            this.options.onPeerFailed?.(peer.participant.socketId, peer.everConnected);
        }, failureGraceMs);
    }
    this.options.onChange();
  }

  /** §4: on ICE failure the offerer restarts ICE with a new offer, a few times. */
  private restart(peer: Peer, limit: number): void {
    if (peer.restarts >= limit) {
      this.options.onPeerFailed?.(peer.participant.socketId, peer.everConnected);
      return;
    }
    peer.restarts++;
    this.sendOffer(peer, true);
  }

  private closePeer(peer: Peer): void {
    peer.closed = true;
    clearTimeout(peer.timer);
    clearTimeout(peer.holdTimer);
    peer.pc.onicecandidate = null;
    peer.pc.ontrack = null;
    peer.pc.onconnectionstatechange = null;
    peer.pc.oniceconnectionstatechange = null;
    peer.pc.close();
  }
}

/** Media flows (or is coming back by itself): worth keeping across a signalling reconnect. */
function carriesMedia(peer: Peer): boolean {
  return peer.everConnected && (peer.state === 'connected' || peer.state === 'disconnected');
}

async function addCandidate(pc: RTCPeerConnection, candidate: SignalIceCandidate): Promise<void> {
  try {
    await pc.addIceCandidate(candidate);
  } catch (error) {
    // A candidate for a description that was replaced (an ICE restart) is harmless to drop.
    console.warn('ICE candidate not added', error);
  }
}
