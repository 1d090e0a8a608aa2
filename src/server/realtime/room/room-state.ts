import { type Board, EMPTY_BOARD } from '../../../shared/whiteboard-board.js';

// What a room remembers between messages (staff-and-video.md §4): the whiteboard a newcomer
// is shown, who is sharing the screen (one at a time), and the recording being asked for or
// running. It lives in this process's memory: a room's sockets are served by one node
// (ADR 0008), and the state goes when the last participant leaves.

export interface PendingRecording {
  recordingId: string;
  hostSocketId: string;
  hostUserId: string;
  /** Which room it records (recordings.consultation_id / video_session_id). */
  consultationId: string | null;
  videoSessionId: string | null;
  /** The patients' sockets still to answer. */
  awaiting: Set<string>;
}

export interface RunningRecording {
  recordingId: string;
  hostSocketId: string;
  /** Patients who joined after it started and have not yet consented. */
  awaiting: Set<string>;
}

export interface RoomState {
  board: Board;
  sharerSocketId: string | null;
  pending: PendingRecording | null;
  recording: RunningRecording | null;
}

export class RoomStates {
  private readonly rooms = new Map<string, RoomState>();

  get(sessionId: string): RoomState {
    let state = this.rooms.get(sessionId);
    if (!state) {
      state = {
        board: EMPTY_BOARD,
        sharerSocketId: null,
        pending: null,
        recording: null,
      };
      this.rooms.set(sessionId, state);
    }
    return state;
  }

  peek(sessionId: string): RoomState | undefined {
    return this.rooms.get(sessionId);
  }

  forget(sessionId: string): void {
    this.rooms.delete(sessionId);
  }
}
