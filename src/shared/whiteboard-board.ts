import {
  MAX_BOARD_LINES,
  MAX_BOARD_POINTS,
  type RoomMessage,
  type WhiteboardLine,
} from './room-messages.js';

// The whiteboard's board (staff-and-video.md §4 Whiteboard): whether it is open and its
// lines, oldest first. The server keeps one per room to hand a newcomer (canvas-state) and
// every browser keeps its own; both apply the room's messages here, so they agree.

export interface Board {
  open: boolean;
  lines: WhiteboardLine[];
}

export const EMPTY_BOARD: Board = { open: false, lines: [] };

/** The newest lines within the board's limits (the oldest drop first); the same array when all fit. */
export function newestLines(lines: WhiteboardLine[]): WhiteboardLine[] {
  let points = 0;
  let kept = 0;
  for (let i = lines.length - 1; i >= 0; i--) {
    points += lines[i]!.points.length;
    if (kept === MAX_BOARD_LINES || points > MAX_BOARD_POINTS) return lines.slice(i + 1);
    kept++;
  }
  return lines;
}

export type BoardAction =
  | { type: 'draw'; lines: WhiteboardLine[] }
  | { type: 'undo' }
  | { type: 'clear' }
  | { type: 'replace'; lines: WhiteboardLine[] };

/** The board's lines after an action; the oldest drop first past the board's limits. */
export function boardLines(lines: WhiteboardLine[], action: BoardAction): WhiteboardLine[] {
  switch (action.type) {
    case 'draw':
      return newestLines([...lines, ...action.lines]);
    case 'undo':
      return lines.length ? lines.slice(0, -1) : lines;
    case 'clear':
      return lines.length ? [] : lines;
    case 'replace':
      return newestLines(action.lines);
  }
}

/** The board after a room message; the same board when the message is not about it. */
export function boardAfter(board: Board, message: RoomMessage): Board {
  const lines = (action: BoardAction): Board => {
    const next = boardLines(board.lines, action);
    return next === board.lines ? board : { ...board, lines: next };
  };
  switch (message.type) {
    case 'create-canvas':
    case 'remove-canvas': {
      const open = message.type === 'create-canvas';
      return open === board.open ? board : { ...board, open };
    }
    case 'clear-canvas':
      return lines({ type: 'clear' });
    case 'undo-canvas':
      return lines({ type: 'undo' });
    case 'drawLine':
      return lines({ type: 'draw', lines: [message.line] });
    case 'canvas-state':
      return { open: message.open, lines: newestLines(message.lines) };
    default:
      return board;
  }
}
