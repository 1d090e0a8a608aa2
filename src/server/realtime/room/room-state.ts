import type { Participant } from '../../../shared/signalling.js';
import { type Board, EMPTY_BOARD } from '../../../shared/whiteboard-board.js';

// What a room remembers between messages (staff-and-video.md §4): the whiteboard a newcomer
// is shown, who is sharing the screen (one at a time), and the recording being asked for or
// running. The state is plain data (JSON), so it can live in this process's memory (one node)
// or in Redis (REDIS_URL, several nodes: ADR 0017); participants are kept with the name the
// room shows, so no node has to find another node's socket to learn it.

export interface PendingRecording {
  recordingId: string;
  /** Who asked: the host's socket, user and name. */
  host: Participant;
  /** Which room it records (recordings.consultation_id / video_session_id). */
  consultationId: string | null;
  videoSessionId: string | null;
  /** The patients' sockets still to answer. */
  awaiting: string[];
}

export interface RunningRecording {
  recordingId: string;
  host: Participant;
  /** Patients who joined after it started and have not yet consented. */
  awaiting: string[];
}

export interface RoomState {
  board: Board;
  sharer: Participant | null;
  pending: PendingRecording | null;
  recording: RunningRecording | null;
}

/** A fresh empty state (never the shared EMPTY_BOARD: a change may edit what it is given). */
export const emptyRoom = (): RoomState => ({
  board: { open: EMPTY_BOARD.open, lines: [] },
  sharer: null,
  pending: null,
  recording: null,
});

export const isEmptyRoom = (s: RoomState) =>
  !s.board.open && s.board.lines.length === 0 && !s.sharer && !s.pending && !s.recording;

/**
 * Where rooms' states live. `update` applies `change` to a copy of the room's state (the empty
 * state when it has none) and stores the result, atomically for the room across every node
 * that shares the store; `change` may run more than once, so it must do nothing but change the
 * copy and say what to do next. What it says (its result) is done by the caller after the
 * commit: database writes, emits. A store that cannot answer (Redis down) rejects within a
 * few seconds rather than hang the room's events.
 */
export interface RoomStore {
  read(roomId: string): Promise<RoomState>;
  update<T>(roomId: string, change: (state: RoomState) => T): Promise<T>;
  forget(roomId: string): Promise<void>;
}

export const ROOM_STORE_TIMEOUT_MS = 3000;

/** Work on one key runs one at a time, in order; a failure does not stop the next. */
export class KeyedQueue {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.catch(() => undefined).then(() => withTimeout(work()));
    const tail = result.catch(() => undefined);
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }
}

/** Rejects after ROOM_STORE_TIMEOUT_MS, so one hung call cannot hold a room's queue forever. */
function withTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('room store timed out')), ROOM_STORE_TIMEOUT_MS);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** One node's rooms, in memory (no REDIS_URL). */
export class MemoryRoomStore implements RoomStore {
  private readonly rooms = new Map<string, RoomState>();
  private readonly queue = new KeyedQueue();

  read(roomId: string): Promise<RoomState> {
    return this.queue.run(roomId, async () =>
      structuredClone(this.rooms.get(roomId) ?? emptyRoom()),
    );
  }

  update<T>(roomId: string, change: (state: RoomState) => T): Promise<T> {
    return this.queue.run(roomId, async () => {
      const state = structuredClone(this.rooms.get(roomId) ?? emptyRoom());
      const result = change(state);
      if (isEmptyRoom(state)) this.rooms.delete(roomId);
      else this.rooms.set(roomId, state);
      return result;
    });
  }

  forget(roomId: string): Promise<void> {
    return this.queue.run(roomId, async () => void this.rooms.delete(roomId));
  }

  /** How many rooms hold state (tests: an emptied room leaves nothing behind). */
  get size(): number {
    return this.rooms.size;
  }
}
