import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Participant } from '../../../../shared/signalling';
import { PeerMesh } from './peer-mesh';

// Issue 14: a node stopping closes the sockets, not the calls. When a participant's socket
// comes back under a new id, the connection that still carries media is kept and answers to
// the new id (no new offer); one that never connected or failed is replaced as before.
// The RTCPeerConnection here is a stand-in with the few members the mesh touches (Node has
// no WebRTC); the browser path is the same code.

class StandInConnection {
  connectionState: RTCPeerConnectionState = 'new';
  iceConnectionState: RTCIceConnectionState = 'new';
  signalingState: RTCSignalingState = 'stable';
  localDescription: { type: string; sdp: string } | null = null;
  remoteDescription: unknown = null;
  closed = false;
  onconnectionstatechange: (() => void) | null = null;
  oniceconnectionstatechange: (() => void) | null = null;
  onicecandidate: ((e: { candidate: unknown }) => void) | null = null;
  ontrack: unknown = null;
  addTransceiver() {
    return { sender: { replaceTrack: async () => {} } };
  }
  getTransceivers() {
    return [];
  }
  async createOffer() {
    return { type: 'offer', sdp: 'v=0' };
  }
  async setLocalDescription(d: { type: string; sdp: string }) {
    this.localDescription = d;
  }
  async setRemoteDescription(d: unknown) {
    this.remoteDescription = d;
  }
  async addIceCandidate() {}
  restartIce() {}
  close() {
    this.closed = true;
  }
  /** The connection's state moves (ICE connected, dropped, failed). */
  become(state: RTCPeerConnectionState) {
    this.connectionState = state;
    this.onconnectionstatechange?.();
  }
  /** A local candidate is gathered. */
  gather() {
    this.onicecandidate?.({
      candidate: { candidate: 'candidate:1', toJSON: () => ({ candidate: 'candidate:1' }) },
    });
  }
}

const doctor = (socketId: string): Participant => ({
  socketId,
  userId: 'doctor-user',
  userName: 'Dr Lee',
  role: 'doctor',
});

let connections: StandInConnection[];
let offers: string[];
let candidates: string[];
let mesh: PeerMesh;

beforeEach(() => {
  vi.useFakeTimers();
  connections = [];
  offers = [];
  candidates = [];
  mesh = new PeerMesh({
    iceServers: [],
    selfRole: 'patient',
    signaller: {
      offer: (to) => offers.push(to),
      answer: () => {},
      candidate: (to) => candidates.push(to),
    },
    onChange: () => {},
    createConnection: () => {
      const pc = new StandInConnection();
      connections.push(pc);
      return pc as unknown as RTCPeerConnection;
    },
  });
});
afterEach(() => {
  mesh.dispose();
  vi.useRealTimers();
});

describe('a participant rejoining under a new socket id', () => {
  it('keeps a connected peer: the same connection, the new id, no new offer', () => {
    mesh.add(doctor('old-socket'), false);
    connections[0]!.become('connected');
    const gone = vi.fn();
    mesh.hold('old-socket', 15_000, gone);
    expect(mesh.adopt(doctor('new-socket'))).toBe(true);
    expect(connections).toHaveLength(1);
    expect(connections[0]!.closed).toBe(false);
    expect(mesh.views().map((v) => v.participant.socketId)).toEqual(['new-socket']);
    expect(offers).toEqual([]);
    // Its candidates now go to the new id; the grace ran out without removing it.
    connections[0]!.gather();
    expect(candidates).toEqual(['new-socket']);
    vi.advanceTimersByTime(20_000);
    expect(gone).not.toHaveBeenCalled();
    expect(mesh.size).toBe(1);
  });

  it('replaces a peer that never connected', () => {
    mesh.add(doctor('old-socket'), false);
    expect(mesh.adopt(doctor('new-socket'))).toBe(false);
    expect(connections[0]!.closed).toBe(true);
    expect(mesh.size).toBe(0);
  });

  it('removes a held peer whose user does not come back within the grace', () => {
    mesh.add(doctor('old-socket'), false);
    connections[0]!.become('connected');
    const gone = vi.fn();
    mesh.hold('old-socket', 15_000, gone);
    vi.advanceTimersByTime(14_000);
    expect(mesh.size).toBe(1);
    vi.advanceTimersByTime(2_000);
    expect(gone).toHaveBeenCalledWith(doctor('old-socket'));
    expect(connections[0]!.closed).toBe(true);
    expect(mesh.size).toBe(0);
  });

  it('does not hold a failed peer: removed at once', () => {
    mesh.add(doctor('old-socket'), false);
    connections[0]!.become('connected');
    connections[0]!.become('failed');
    const gone = vi.fn();
    mesh.hold('old-socket', 15_000, gone);
    expect(gone).toHaveBeenCalledOnce();
    expect(mesh.size).toBe(0);
  });

  it('lists the peers whose user is missing from a rejoin answer', () => {
    mesh.add(doctor('a'), false);
    mesh.add({ ...doctor('b'), userId: 'other-doctor' }, false);
    expect(mesh.missing(new Set(['doctor-user']))).toEqual(['b']);
  });
});
