import { Eraser, Pencil, Trash2, Undo2, X } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { PEN_COLORS, PEN_SIZES, type WhiteboardState } from './use-whiteboard';
import { WhiteboardCanvas } from './whiteboard-canvas';

function BoardButton({
  pressed,
  className,
  children,
  ...props
}: ComponentProps<'button'> & { pressed?: boolean; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      className={cn(
        'inline-flex h-10 min-w-10 items-center justify-center gap-1.5 rounded-md px-2 text-sm font-medium text-white hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white disabled:cursor-not-allowed disabled:opacity-50 [&_svg]:size-5',
        pressed && 'bg-white/25',
        className,
      )}
      {...props}
    >
      {children}
    </button>
  );
}

/**
 * The shared whiteboard over the call (§4 Whiteboard): a toolbar that wraps on a phone and
 * the board below it. Not modal, and clear of the control bar at the bottom, so the call's
 * own controls stay reachable.
 */
export function WhiteboardPanel({ board }: { board: WhiteboardState }) {
  const pen = board.mode === 'pen';
  return (
    <section
      aria-label="Whiteboard"
      className="fixed inset-x-0 top-0 bottom-24 z-40 flex flex-col gap-2 bg-slate-950/85 p-2 text-white sm:p-4"
      onKeyDown={(event) => {
        if (event.key === 'Escape') board.close();
      }}
    >
      <div
        role="toolbar"
        aria-label="Whiteboard tools"
        className="flex flex-wrap items-center gap-1 rounded-lg bg-slate-800/90 p-1"
      >
        <BoardButton
          aria-label="Pen"
          title="Pen"
          pressed={pen}
          onClick={() => board.setMode('pen')}
        >
          <Pencil aria-hidden="true" />
        </BoardButton>
        <BoardButton
          aria-label="Eraser"
          title="Eraser"
          pressed={!pen}
          onClick={() => board.setMode('eraser')}
        >
          <Eraser aria-hidden="true" />
        </BoardButton>
        <fieldset className="flex items-center gap-1 border-l border-white/20 pl-1">
          <legend className="sr-only">Colour</legend>
          {PEN_COLORS.map((color) => (
            <BoardButton
              key={color.value}
              aria-label={color.name}
              title={color.name}
              pressed={board.color === color.value}
              onClick={() => {
                board.setColor(color.value);
                board.setMode('pen');
              }}
              className="min-w-9 px-0"
            >
              <span
                aria-hidden="true"
                className={cn(
                  'size-6 rounded-full border-2',
                  board.color === color.value ? 'border-white' : 'border-white/30',
                )}
                style={{ backgroundColor: color.value }}
              />
            </BoardButton>
          ))}
        </fieldset>
        <fieldset className="flex items-center gap-1 border-l border-white/20 pl-1">
          <legend className="sr-only">Line width</legend>
          {PEN_SIZES.map((size) => (
            <BoardButton
              key={size.value}
              aria-label={`${size.name} line`}
              title={`${size.name} line`}
              pressed={board.penSize === size.value}
              onClick={() => {
                board.setPenSize(size.value);
                board.setMode('pen');
              }}
              className="min-w-9 px-0"
            >
              <span
                aria-hidden="true"
                className="rounded-full bg-white"
                style={{ width: size.value + 4, height: size.value + 4 }}
              />
            </BoardButton>
          ))}
        </fieldset>
        <div className="flex items-center gap-1 border-l border-white/20 pl-1">
          <BoardButton
            aria-label="Undo"
            title="Undo"
            disabled={board.lines.length === 0}
            onClick={board.undo}
          >
            <Undo2 aria-hidden="true" />
          </BoardButton>
          <BoardButton
            aria-label="Clear"
            title="Clear"
            disabled={board.lines.length === 0}
            onClick={board.clear}
          >
            <Trash2 aria-hidden="true" />
          </BoardButton>
        </div>
        <BoardButton
          aria-label="Close whiteboard"
          title="Close whiteboard"
          onClick={board.close}
          className="ml-auto"
        >
          <X aria-hidden="true" />
        </BoardButton>
      </div>
      <WhiteboardCanvas board={board} />
    </section>
  );
}
