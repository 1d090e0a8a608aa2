import { useEffect, useReducer, useState } from 'react';
import {
  type ClientRoomMessage,
  WHITEBOARD_DEFAULTS,
  type WhiteboardLine,
} from '../../../../shared/room-messages';
import { boardAfter, EMPTY_BOARD } from '../../../../shared/whiteboard-board';
import type { RoomChannel } from '../lib/room-channel';

// The shared whiteboard (§4 Whiteboard): opened and closed for everyone, every change sent to
// the room, and the whole board handed to a newcomer by the server (canvas-state).

export const PEN_COLORS = [
  { value: WHITEBOARD_DEFAULTS.penColor, name: 'Green' },
  { value: '#ffffff', name: 'White' },
  { value: '#facc15', name: 'Yellow' },
  { value: '#ef4444', name: 'Red' },
  { value: '#38bdf8', name: 'Blue' },
] as const;

export const PEN_SIZES = [
  { value: 2, name: 'Thin' },
  { value: WHITEBOARD_DEFAULTS.penSize, name: 'Medium' },
  { value: 10, name: 'Thick' },
] as const;

export type WhiteboardMode = 'pen' | 'eraser';

export interface WhiteboardState {
  open: boolean;
  lines: WhiteboardLine[];
  mode: WhiteboardMode;
  color: string;
  penSize: number;
  setMode: (mode: WhiteboardMode) => void;
  setColor: (color: string) => void;
  setPenSize: (size: number) => void;
  /** Opens or closes the board for everyone in the room. */
  toggle: () => void;
  close: () => void;
  /** The lines of a finished stroke, kept and sent to the room. */
  draw: (lines: WhiteboardLine[]) => void;
  undo: () => void;
  clear: () => void;
}

export function useWhiteboard(channel: RoomChannel | null): WhiteboardState {
  const [board, apply] = useReducer(boardAfter, EMPTY_BOARD);
  const [mode, setMode] = useState<WhiteboardMode>('pen');
  const [color, setColor] = useState<string>(WHITEBOARD_DEFAULTS.penColor);
  const [penSize, setPenSize] = useState<number>(WHITEBOARD_DEFAULTS.penSize);

  useEffect(() => {
    if (!channel) {
      // Leaving the room leaves its board behind.
      apply({ type: 'canvas-state', ...EMPTY_BOARD });
      return;
    }
    return channel.subscribe(({ message }) => apply(message));
  }, [channel]);

  /** A change made here: applied at once and sent to the room. */
  const change = (message: ClientRoomMessage) => {
    apply(message);
    channel?.send(message);
  };

  return {
    open: board.open,
    lines: board.lines,
    mode,
    color,
    penSize,
    setMode,
    setColor,
    setPenSize,
    toggle: () => change({ type: board.open ? 'remove-canvas' : 'create-canvas' }),
    close: () => change({ type: 'remove-canvas' }),
    draw: (drawn) => {
      for (const line of drawn) change({ type: 'drawLine', line });
    },
    undo: () => change({ type: 'undo-canvas' }),
    clear: () => change({ type: 'clear-canvas' }),
  };
}
