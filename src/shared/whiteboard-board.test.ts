import { describe, expect, it } from 'vitest';
import {
  MAX_BOARD_LINES,
  MAX_BOARD_POINTS,
  MAX_LINE_POINTS,
  WHITEBOARD_DEFAULTS,
  type WhiteboardLine,
} from './room-messages.js';
import { boardAfter, boardLines, EMPTY_BOARD } from './whiteboard-board.js';

const pen = {
  size: WHITEBOARD_DEFAULTS.penSize,
  color: WHITEBOARD_DEFAULTS.penColor,
  eraserMode: false,
};
const line = (x: number, extra: Partial<WhiteboardLine> = {}): WhiteboardLine => ({
  ...pen,
  points: [{ x, y: x }],
  ...extra,
});

describe('boardLines', () => {
  it('draws, undoes the last line, clears and replaces', () => {
    let lines = boardLines([], { type: 'draw', lines: [line(1), line(2)] });
    lines = boardLines(lines, { type: 'draw', lines: [line(3)] });
    expect(lines.map((l) => l.points[0]?.x)).toEqual([1, 2, 3]);
    lines = boardLines(lines, { type: 'undo' });
    expect(lines.map((l) => l.points[0]?.x)).toEqual([1, 2]);
    expect(boardLines([], { type: 'undo' })).toEqual([]);
    expect(boardLines(lines, { type: 'clear' })).toEqual([]);
    expect(boardLines(lines, { type: 'replace', lines: [line(9)] })).toEqual([line(9)]);
  });

  it('keeps at most MAX_BOARD_LINES, dropping the oldest', () => {
    const many = Array.from({ length: MAX_BOARD_LINES }, (_, i) => line(i % 100));
    const lines = boardLines(many, { type: 'draw', lines: [line(42, { color: '#ff0000' })] });
    expect(lines).toHaveLength(MAX_BOARD_LINES);
    expect(lines.at(-1)?.color).toBe('#ff0000');
    expect(lines[0]).toBe(many[1]);
  });

  it('keeps at most MAX_BOARD_POINTS in all, so a board stays small enough to send a newcomer', () => {
    const long: WhiteboardLine = {
      ...line(1),
      points: Array.from({ length: MAX_LINE_POINTS }, (_, i) => ({ x: i % 100, y: 50 })),
    };
    const full = MAX_BOARD_POINTS / MAX_LINE_POINTS;
    const many = Array.from({ length: full }, () => long);
    expect(boardLines([], { type: 'replace', lines: many })).toHaveLength(full);
    const lines = boardLines(many, { type: 'draw', lines: [line(42)] });
    expect(lines).toHaveLength(full);
    expect(lines.at(-1)).toEqual(line(42));
    expect(lines.reduce((n, l) => n + l.points.length, 0)).toBeLessThanOrEqual(MAX_BOARD_POINTS);
  });
});

describe('boardAfter', () => {
  it('opens, draws, undoes, clears and closes as the room messages say', () => {
    let board = boardAfter(EMPTY_BOARD, { type: 'create-canvas' });
    expect(board).toEqual({ open: true, lines: [] });
    board = boardAfter(board, { type: 'drawLine', line: line(1) });
    board = boardAfter(board, { type: 'drawLine', line: line(2) });
    expect(boardAfter(board, { type: 'undo-canvas' }).lines).toEqual([line(1)]);
    expect(boardAfter(board, { type: 'clear-canvas' })).toEqual({ open: true, lines: [] });
    expect(boardAfter(board, { type: 'remove-canvas' })).toEqual({
      open: false,
      lines: [line(1), line(2)],
    });
    expect(boardAfter(board, { type: 'canvas-state', open: false, lines: [line(9)] })).toEqual({
      open: false,
      lines: [line(9)],
    });
  });

  it('leaves the board as it is for other messages', () => {
    const board = boardAfter(EMPTY_BOARD, { type: 'drawLine', line: line(1) });
    expect(boardAfter(board, { type: 'chat-box', text: 'hello' })).toBe(board);
    expect(boardAfter(board, { type: 'sharing-toggle', flag: true })).toBe(board);
  });
});
