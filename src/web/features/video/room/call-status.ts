// A call's connection status (staff-and-video.md §2 Video call screens, §4 Call connection).
// Issue 21: the screen says it in words, and colours only trouble (and a good connection,
// green): a patient alone in the room saw "new" in red.

export const CALL_STATUSES = ['new', 'connecting', 'connected', 'disconnected', 'failed'] as const;
export type PeerState = (typeof CALL_STATUSES)[number];
export type CallStatus = PeerState;

/** What a peer connection reports, as one of the five words (older browsers: ICE state only). */
export function peerStateOf(pc: {
  connectionState?: RTCPeerConnectionState;
  iceConnectionState: RTCIceConnectionState;
}): PeerState {
  switch (pc.connectionState ?? iceToConnection(pc.iceConnectionState)) {
    case 'new':
      return 'new';
    case 'connecting':
      return 'connecting';
    case 'connected':
      return 'connected';
    case 'failed':
      return 'failed';
    default:
      // disconnected, closed
      return 'disconnected';
  }
}

function iceToConnection(state: RTCIceConnectionState): RTCPeerConnectionState {
  if (state === 'checking') return 'connecting';
  if (state === 'completed') return 'connected';
  return state;
}

/**
 * One status for the whole call: alone in the room it is `new`; while any peer is still
 * setting up it is `connecting`; `connected` only when every peer is; otherwise the worst
 * of what is left (a dropped peer before a failed one, since it may recover).
 */
export function aggregateStatus(states: readonly PeerState[]): CallStatus {
  if (states.length === 0) return 'new';
  if (states.some((s) => s === 'new' || s === 'connecting')) return 'connecting';
  if (states.every((s) => s === 'connected')) return 'connected';
  if (states.includes('disconnected')) return 'disconnected';
  return 'failed';
}

export type StatusTone = 'neutral' | 'green' | 'amber' | 'red';

/** What the status line says: words a patient understands, never the raw state. */
export const STATUS_WORDS: Record<CallStatus, string> = {
  new: 'Waiting',
  connecting: 'Connecting…',
  connected: 'Connected',
  disconnected: 'Connection lost',
  failed: 'Connection failed',
};

/** Connected is green; a lost connection amber (it may come back), a failed one red; else none. */
export function statusTone(status: CallStatus): StatusTone {
  if (status === 'connected') return 'green';
  if (status === 'disconnected') return 'amber';
  if (status === 'failed') return 'red';
  return 'neutral';
}
