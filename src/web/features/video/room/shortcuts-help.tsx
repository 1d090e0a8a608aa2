import { Keyboard } from 'lucide-react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { CALL_SHORTCUTS } from './call-shortcuts';

interface ShortcutsHelpProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The bar's Shortcuts button and the list it opens (also opened with "?"). Below 640 px it is
 * an icon (a tablet with a keyboard is that narrow too), so the bar stays one line.
 */
export function ShortcutsHelp({ open, onOpenChange }: ShortcutsHelpProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <button
          type="button"
          title="Keyboard shortcuts (?)"
          aria-keyshortcuts="?"
          className="inline-flex min-h-10 min-w-10 items-center justify-center gap-1.5 rounded-md px-2 text-sm text-slate-100 hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-white"
        >
          <Keyboard aria-hidden="true" className="size-4" />
          <span className="sr-only sm:not-sr-only">Shortcuts</span>
        </button>
      </DialogTrigger>
      <DialogContent className="max-w-sm">
        <DialogHeader>
          <DialogTitle>Keyboard shortcuts</DialogTitle>
          <DialogDescription>
            Press a key anywhere in the room, except while typing in a field.
          </DialogDescription>
        </DialogHeader>
        <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2 text-sm">
          {CALL_SHORTCUTS.map((s) => (
            <div key={s.key} className="contents">
              <dt>
                <kbd className="inline-flex min-w-8 justify-center rounded border border-border bg-muted px-2 py-0.5 font-mono font-semibold">
                  {s.key}
                </kbd>
              </dt>
              <dd>{s.does}</dd>
            </div>
          ))}
        </dl>
      </DialogContent>
    </Dialog>
  );
}
