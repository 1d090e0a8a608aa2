import { type PointerEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { WHITEBOARD_DEFAULTS, type WhiteboardLine } from '../../../../shared/room-messages';
import type { WhiteboardState } from './use-whiteboard';
import {
  drawBoard,
  drawLine,
  farEnough,
  fitBoard,
  type Point,
  strokeLines,
  toPercent,
} from './whiteboard-geometry';

type Box = ReturnType<typeof fitBoard>;
type Style = Pick<WhiteboardLine, 'size' | 'color' | 'eraserMode'>;

/** The canvas's 2D context, drawing in CSS pixels on a backing store of device pixels. */
function contextOf(canvas: HTMLCanvasElement | null): CanvasRenderingContext2D | null {
  const ctx = canvas?.getContext('2d');
  if (!ctx) return null;
  const dpr = window.devicePixelRatio || 1;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  return ctx;
}

/**
 * The drawing surface: a transparent canvas of one aspect ratio, as large as its container
 * allows. Pointer events, so a mouse, a pen and a finger all draw.
 */
export function WhiteboardCanvas({ board }: { board: WhiteboardState }) {
  const containerRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [box, setBox] = useState<Box>({ width: 0, height: 0, left: 0, top: 0 });
  /** The stroke being drawn, in percentages, with the style it started with. */
  const strokeRef = useRef<{ pointerId: number; points: Point[]; style: Style } | null>(null);

  useLayoutEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const measure = () => {
      const next = fitBoard(container.clientWidth, container.clientHeight);
      setBox((prev) =>
        prev.width === next.width &&
        prev.height === next.height &&
        prev.left === next.left &&
        prev.top === next.top
          ? prev
          : next,
      );
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(container);
    return () => observer.disconnect();
  }, []);

  // Redraw on every change of size or lines (and keep a stroke in progress on top).
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || box.width === 0) return;
    const dpr = window.devicePixelRatio || 1;
    const width = Math.round(box.width * dpr);
    const height = Math.round(box.height * dpr);
    if (canvas.width !== width) canvas.width = width;
    if (canvas.height !== height) canvas.height = height;
    const ctx = contextOf(canvasRef.current);
    if (!ctx) return;
    drawBoard(ctx, board.lines, box.width, box.height);
    const stroke = strokeRef.current;
    if (stroke) drawLine(ctx, { ...stroke.style, points: stroke.points }, box.width, box.height);
  }, [board.lines, box]);

  const pointAt = (event: PointerEvent<HTMLCanvasElement>): Point => {
    const rect = event.currentTarget.getBoundingClientRect();
    return toPercent(
      { x: event.clientX - rect.left, y: event.clientY - rect.top },
      rect.width,
      rect.height,
    );
  };

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    if (strokeRef.current || (event.pointerType === 'mouse' && event.button !== 0)) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    const eraser = board.mode === 'eraser';
    const style: Style = {
      eraserMode: eraser,
      size: eraser ? WHITEBOARD_DEFAULTS.eraserSize : board.penSize,
      color: board.color,
    };
    const first = pointAt(event);
    strokeRef.current = { pointerId: event.pointerId, points: [first], style };
    const ctx = contextOf(canvasRef.current);
    if (ctx) drawLine(ctx, { ...style, points: [first] }, box.width, box.height);
  };

  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    const stroke = strokeRef.current;
    if (!stroke || stroke.pointerId !== event.pointerId) return;
    const next = pointAt(event);
    const last = stroke.points.at(-1);
    if (!farEnough(last, next) || !last) return;
    stroke.points.push(next);
    // Only the new piece: the rest is already on the canvas.
    const ctx = contextOf(canvasRef.current);
    if (ctx) drawLine(ctx, { ...stroke.style, points: [last, next] }, box.width, box.height);
  };

  const finish = (event: PointerEvent<HTMLCanvasElement>) => {
    const stroke = strokeRef.current;
    if (!stroke || stroke.pointerId !== event.pointerId) return;
    strokeRef.current = null;
    board.draw(strokeLines(stroke.points, stroke.style));
  };

  return (
    <div ref={containerRef} className="relative min-h-0 flex-1 overflow-hidden">
      <canvas
        ref={canvasRef}
        data-whiteboard=""
        role="img"
        aria-label="Shared whiteboard. Draw with a mouse, pen or finger."
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={finish}
        onPointerCancel={finish}
        className="absolute touch-none rounded-md bg-transparent outline-1 outline-white/40 outline-dashed"
        style={{
          left: box.left,
          top: box.top,
          width: box.width,
          height: box.height,
          cursor: board.mode === 'eraser' ? 'cell' : 'crosshair',
        }}
      />
    </div>
  );
}
