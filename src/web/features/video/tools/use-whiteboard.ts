import { useCallback, useEffect, useReducer, useState } from 'react';
import { WHITEBOARD_DEFAULTS, type WhiteboardLine } from '../../../../shared/room-messages';
import type { RoomChannel } from '../lib/room-channel';
import { boardLines } from './whiteboard-geometry';

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
  const [open, setOpen] = useState(false);
  const [lines, dispatch] = useReducer(boardLines, []);
  const [mode, setMode] = useState<WhiteboardMode>('pen');
  const [color, setColor] = useState<string>(WHITEBOARD_DEFAULTS.penColor);
  const [penSize, setPenSize] = useState<number>(WHITEBOARD_DEFAULTS.penSize);

  useEffect(() => {
    if (!channel) return;
    return channel.subscribe(({ message }) => {
      switch (message.type) {
        case 'create-canvas':
          setOpen(true);
          break;
        case 'remove-canvas':
          setOpen(false);
          break;
        case 'clear-canvas':
          dispatch({ type: 'clear' });
          break;
        case 'undo-canvas':
          dispatch({ type: 'undo' });
          break;
        case 'drawLine':
          dispatch({ type: 'draw', lines: [message.line] });
          break;
        case 'canvas-state':
          setOpen(message.open);
          dispatch({ type: 'replace', lines: message.lines });
          break;
      }
    });
  }, [channel]);

  // Leaving the room leaves its board behind.
  useEffect(() => {
    if (channel) return;
    setOpen(false);
    dispatch({ type: 'clear' });
  }, [channel]);

  const setBoardOpen = useCallback(
    (next: boolean) => {
      setOpen(next);
      channel?.send({ type: next ? 'create-canvas' : 'remove-canvas' });
    },
    [channel],
  );

  return {
    open,
    lines,
    mode,
    color,
    penSize,
    setMode,
    setColor,
    setPenSize,
    toggle: () => setBoardOpen(!open),
    close: () => setBoardOpen(false),
    draw: (drawn) => {
      if (!drawn.length) return;
      dispatch({ type: 'draw', lines: drawn });
      for (const line of drawn) channel?.send({ type: 'drawLine', line });
    },
    undo: () => {
      dispatch({ type: 'undo' });
      channel?.send({ type: 'undo-canvas' });
    },
    clear: () => {
      dispatch({ type: 'clear' });
      channel?.send({ type: 'clear-canvas' });
    },
  };
}
