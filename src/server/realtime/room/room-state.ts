import { newestLines, type WhiteboardLine } from '../../../shared/room-messages.js';

// What a room remembers between messages (staff-and-video.md §4): the whiteboard a newcomer
// is shown, who is sharing the screen (one at a time), and the recording being asked for or
// running. It lives in this process's memory: a room's sockets are served by one node
// (ADR 0008), and the state goes when the last participant leaves.

export interface Board {
  open: boolean;
  lines: WhiteboardLine[];
}

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
        board: { open: false, lines: [] },
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

/** Applies a whiteboard message to the board; false when the message is not a board one. */
export function applyToBoard(
  board: Board,
  message: { type: string; line?: WhiteboardLine },
): boolean {
  switch (message.type) {
    case 'create-canvas':
      board.open = true;
      return true;
    case 'remove-canvas':
      board.open = false;
      return true;
    case 'clear-canvas':
      board.lines = [];
      return true;
    case 'undo-canvas':
      board.lines.pop();
      return true;
    case 'drawLine':
      if (!message.line) return false;
      board.lines = newestLines([...board.lines, message.line]);
      return true;
    default:
      return false;
  }
}
