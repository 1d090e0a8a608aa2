import type { SignalIceCandidate } from '../../../../shared/signalling';

// ICE candidates that arrive before the remote description they belong to (a peer's first
// candidates can overtake its offer or answer) wait here and are applied, in order, once
// the description is set. Bounded, so a flood from a broken peer cannot grow memory.

export const MAX_PENDING_CANDIDATES = 200;

export class PendingCandidates {
  private readonly items: SignalIceCandidate[] = [];

  get size(): number {
    return this.items.length;
  }

  push(candidate: SignalIceCandidate): void {
    if (this.items.length >= MAX_PENDING_CANDIDATES) this.items.shift();
    this.items.push(candidate);
  }

  /** Takes every waiting candidate, oldest first, leaving the queue empty. */
  drain(): SignalIceCandidate[] {
    return this.items.splice(0, this.items.length);
  }
}

/**
 * Candidates for peers this tab has not met yet (they can come before participant-joined or
 * the offer), kept per socket id until the peer appears. At most a few peers are remembered.
 */
export class OrphanCandidates {
  private readonly bySocket = new Map<string, PendingCandidates>();

  constructor(private readonly maxPeers = 20) {}

  push(socketId: string, candidate: SignalIceCandidate): void {
    let queue = this.bySocket.get(socketId);
    if (!queue) {
      if (this.bySocket.size >= this.maxPeers) {
        const oldest = this.bySocket.keys().next().value;
        if (oldest !== undefined) this.bySocket.delete(oldest);
      }
      queue = new PendingCandidates();
      this.bySocket.set(socketId, queue);
    }
    queue.push(candidate);
  }

  take(socketId: string): SignalIceCandidate[] {
    const queue = this.bySocket.get(socketId);
    this.bySocket.delete(socketId);
    return queue?.drain() ?? [];
  }

  clear(): void {
    this.bySocket.clear();
  }
}
