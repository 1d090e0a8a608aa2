import { describe, expect, it } from 'vitest';
import {
  MAX_LINE_POINTS,
  WHITEBOARD_DEFAULTS,
  type WhiteboardLine,
  WhiteboardLineSchema,
} from '../../../../shared/room-messages';
import {
  type BoardContext,
  drawBoard,
  farEnough,
  fitBoard,
  fromPercent,
  splitStroke,
  strokeLines,
  toPercent,
} from './whiteboard-geometry';

const pen = {
  size: WHITEBOARD_DEFAULTS.penSize,
  color: WHITEBOARD_DEFAULTS.penColor,
  eraserMode: false,
};

describe('percent coordinates', () => {
  it('converts pixels to percentages of the board and back', () => {
    expect(toPercent({ x: 200, y: 75 }, 800, 600)).toEqual({ x: 25, y: 12.5 });
    expect(fromPercent({ x: 25, y: 12.5 }, 400, 300)).toEqual({ x: 100, y: 37.5 });
  });

  it('clamps points outside the board and rounds to two decimals', () => {
    expect(toPercent({ x: -10, y: 700 }, 800, 600)).toEqual({ x: 0, y: 100 });
    expect(toPercent({ x: 1, y: 1 }, 3, 3)).toEqual({ x: 33.33, y: 33.33 });
  });

  it('survives a board with no size yet', () => {
    expect(toPercent({ x: 5, y: 5 }, 0, 0)).toEqual({ x: 0, y: 0 });
  });

  it('replays a drawing at another size in the same place', () => {
    const p = toPercent({ x: 120, y: 90 }, 480, 360);
    expect(fromPercent(p, 960, 720)).toEqual({ x: 240, y: 180 });
  });
});

describe('fitBoard', () => {
  it('fits a 4:3 board in a wide container, centred', () => {
    expect(fitBoard(1000, 600)).toEqual({ width: 800, height: 600, left: 100, top: 0 });
  });

  it('fits a 4:3 board in a narrow phone container', () => {
    expect(fitBoard(360, 640)).toEqual({ width: 360, height: 270, left: 0, top: 185 });
  });

  it('is empty for an empty container', () => {
    expect(fitBoard(0, 500).width).toBe(0);
  });
});

describe('strokes', () => {
  it('drops points too close to the last one', () => {
    expect(farEnough(undefined, { x: 1, y: 1 })).toBe(true);
    expect(farEnough({ x: 1, y: 1 }, { x: 1.1, y: 1 })).toBe(false);
    expect(farEnough({ x: 1, y: 1 }, { x: 1.3, y: 1 })).toBe(true);
  });

  it('keeps a short stroke as one line', () => {
    const points = [
      { x: 1, y: 1 },
      { x: 2, y: 2 },
    ];
    expect(splitStroke(points)).toEqual([points]);
    expect(splitStroke([])).toEqual([]);
  });

  it('splits a long stroke into joined pieces within the limit', () => {
    const points = Array.from({ length: 10 }, (_, i) => ({ x: i, y: i }));
    const pieces = splitStroke(points, 4);
    expect(pieces.map((p) => p.map((q) => q.x))).toEqual([
      [0, 1, 2, 3],
      [3, 4, 5, 6],
      [6, 7, 8, 9],
    ]);
  });

  it('makes lines the room schema accepts, however long the stroke', () => {
    const points = Array.from({ length: MAX_LINE_POINTS * 2 + 5 }, (_, i) => ({
      x: (i % 100) + 0.5,
      y: 50,
    }));
    const lines = strokeLines(points, pen);
    expect(lines.length).toBe(3);
    for (const l of lines) expect(WhiteboardLineSchema.safeParse(l).success).toBe(true);
    expect(lines.at(-1)?.points.at(-1)).toEqual(points.at(-1));
  });
});

describe('drawBoard', () => {
  function recorder() {
    const calls: string[] = [];
    const ctx: BoardContext = {
      globalCompositeOperation: 'source-over',
      strokeStyle: '',
      lineWidth: 1,
      lineCap: 'butt',
      lineJoin: 'miter',
      beginPath: () => calls.push('begin'),
      moveTo: (x, y) => calls.push(`move ${x},${y}`),
      lineTo: (x, y) => calls.push(`line ${x},${y}`),
      stroke: () =>
        calls.push(`stroke ${ctx.globalCompositeOperation} ${ctx.lineWidth} ${ctx.strokeStyle}`),
      clearRect: (x, y, w, h) => calls.push(`clear ${x},${y},${w},${h}`),
    };
    return { ctx, calls };
  }

  it('clears, then draws lines oldest first, erasing with destination-out', () => {
    const { ctx, calls } = recorder();
    const lines: WhiteboardLine[] = [
      {
        ...pen,
        points: [
          { x: 0, y: 0 },
          { x: 50, y: 50 },
        ],
      },
      {
        size: WHITEBOARD_DEFAULTS.eraserSize,
        color: '#3bcc4a',
        eraserMode: true,
        points: [{ x: 25, y: 25 }],
      },
      {
        size: 2,
        color: '#ffffff',
        eraserMode: false,
        points: [
          { x: 100, y: 0 },
          { x: 0, y: 100 },
        ],
      },
    ];
    drawBoard(ctx, lines, 200, 100);
    expect(calls).toEqual([
      'clear 0,0,200,100',
      'begin',
      'move 0,0',
      'line 100,50',
      'stroke source-over 5 #3bcc4a',
      'begin',
      'move 50,25',
      'line 50,25',
      'stroke destination-out 50 #000000',
      'begin',
      'move 200,0',
      'line 0,100',
      'stroke source-over 2 #ffffff',
    ]);
    expect(ctx.globalCompositeOperation).toBe('source-over');
  });
});
