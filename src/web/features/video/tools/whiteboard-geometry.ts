import { MAX_LINE_POINTS, type WhiteboardLine } from '../../../../shared/room-messages';

// The whiteboard's geometry and board state (§3 Whiteboard line, §4 Whiteboard): points are
// percentages (0–100) of the board's width and height, so every screen replays the same
// drawing at its own size. The board keeps one aspect ratio everywhere, so a circle drawn on
// a phone is still a circle on a desktop.

export interface Point {
  x: number;
  y: number;
}

/** Width ÷ height of the board on every screen. */
export const BOARD_ASPECT = 4 / 3;

const clampPercent = (value: number) => Math.min(100, Math.max(0, value));
const round2 = (value: number) => Math.round(value * 100) / 100;

/** A position in pixels (relative to the board's top left) as percentages, two decimals. */
export function toPercent(px: Point, width: number, height: number): Point {
  if (width <= 0 || height <= 0) return { x: 0, y: 0 };
  return {
    x: round2(clampPercent((px.x / width) * 100)),
    y: round2(clampPercent((px.y / height) * 100)),
  };
}

/** A point in percentages as pixels on a board of this size. */
export function fromPercent(point: Point, width: number, height: number): Point {
  return { x: (point.x / 100) * width, y: (point.y / 100) * height };
}

/** The largest board of BOARD_ASPECT that fits the container, centred in it. */
export function fitBoard(
  containerWidth: number,
  containerHeight: number,
  aspect = BOARD_ASPECT,
): { width: number; height: number; left: number; top: number } {
  if (containerWidth <= 0 || containerHeight <= 0) return { width: 0, height: 0, left: 0, top: 0 };
  let width = containerWidth;
  let height = width / aspect;
  if (height > containerHeight) {
    height = containerHeight;
    width = height * aspect;
  }
  width = Math.floor(width);
  height = Math.floor(height);
  return {
    width,
    height,
    left: Math.floor((containerWidth - width) / 2),
    top: Math.floor((containerHeight - height) / 2),
  };
}

/**
 * Whether a new point is far enough from the last one to keep (in percent of the board):
 * pointer events fire far more often than a stroke needs, and every point travels to everyone.
 */
export function farEnough(last: Point | undefined, next: Point, minDistance = 0.2): boolean {
  if (!last) return true;
  return Math.hypot(next.x - last.x, next.y - last.y) >= minDistance;
}

/**
 * A stroke as lines of at most `max` points. Each piece after the first starts at the point
 * the one before ended on, so the pieces join without a gap.
 */
export function splitStroke(points: readonly Point[], max = MAX_LINE_POINTS): Point[][] {
  if (max < 2) throw new Error('A piece needs room for at least two points');
  if (points.length <= max) return points.length ? [[...points]] : [];
  const pieces: Point[][] = [];
  let start = 0;
  while (start < points.length - 1) {
    const end = Math.min(points.length, start + max);
    pieces.push(points.slice(start, end));
    start = end - 1;
  }
  return pieces;
}

/** The lines of one finished stroke, ready to send and to keep. */
export function strokeLines(
  points: readonly Point[],
  style: Pick<WhiteboardLine, 'size' | 'color' | 'eraserMode'>,
): WhiteboardLine[] {
  return splitStroke(points).map((piece) => ({ ...style, points: piece }));
}

/** The drawing calls the board uses (a CanvasRenderingContext2D has them all). */
export interface BoardContext {
  globalCompositeOperation: GlobalCompositeOperation;
  strokeStyle: string | CanvasGradient | CanvasPattern;
  lineWidth: number;
  lineCap: CanvasLineCap;
  lineJoin: CanvasLineJoin;
  beginPath(): void;
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  stroke(): void;
  clearRect(x: number, y: number, w: number, h: number): void;
}

/**
 * Draws one line. An eraser line removes what is under it (destination-out) and so leaves
 * the board transparent again; its colour does not matter.
 */
export function drawLine(
  ctx: BoardContext,
  line: Pick<WhiteboardLine, 'points' | 'size' | 'color' | 'eraserMode'>,
  width: number,
  height: number,
): void {
  const [first, ...rest] = line.points;
  if (!first) return;
  ctx.globalCompositeOperation = line.eraserMode ? 'destination-out' : 'source-over';
  ctx.strokeStyle = line.eraserMode ? '#000000' : line.color;
  ctx.lineWidth = line.size;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.beginPath();
  const start = fromPercent(first, width, height);
  ctx.moveTo(start.x, start.y);
  // A single point still leaves a dot: a zero-length segment with round caps.
  if (rest.length === 0) ctx.lineTo(start.x, start.y);
  for (const point of rest) {
    const p = fromPercent(point, width, height);
    ctx.lineTo(p.x, p.y);
  }
  ctx.stroke();
}

/**
 * Redraws the whole board: cleared, then every line oldest first, so an eraser line removes
 * only what was drawn before it and anything drawn after it shows again.
 */
export function drawBoard(
  ctx: BoardContext,
  lines: readonly WhiteboardLine[],
  width: number,
  height: number,
): void {
  ctx.globalCompositeOperation = 'source-over';
  ctx.clearRect(0, 0, width, height);
  for (const line of lines) drawLine(ctx, line, width, height);
  ctx.globalCompositeOperation = 'source-over';
}
