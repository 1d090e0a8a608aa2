import * as DialogPrimitive from '@radix-ui/react-dialog';
import { ClipboardList, X } from 'lucide-react';
import type { ReactNode } from 'react';

// The chart on a phone (issue 12): a sheet over the call, opened by the bar's Chart button.
// The Radix dialog gives the focus trap, Escape and the focus's return to the button.

interface ChartSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  patientName: string | null;
  children: ReactNode;
}

export function ChartSheet({ open, onOpenChange, patientName, children }: ChartSheetProps) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Trigger asChild>
        <button
          type="button"
          title="Patient chart"
          className="inline-flex min-h-10 min-w-10 items-center justify-center gap-1.5 rounded-md bg-white px-2 text-sm font-semibold text-slate-900 hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white sm:px-3"
        >
          <ClipboardList aria-hidden="true" className="size-4" />
          {/* An icon on a phone, so the bar stays one line; the name stays "Chart". */}
          <span className="sr-only sm:not-sr-only">Chart</span>
        </button>
      </DialogPrimitive.Trigger>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/60" />
        <DialogPrimitive.Content className="fixed inset-y-0 right-0 z-50 flex w-full max-w-md flex-col bg-background text-foreground shadow-lg motion-safe:animate-sheet-in">
          <div className="flex items-center justify-between gap-2 border-b border-border px-4 py-2">
            <DialogPrimitive.Title className="text-base font-semibold">
              Patient chart{patientName ? `: ${patientName}` : ''}
            </DialogPrimitive.Title>
            <DialogPrimitive.Close className="inline-flex min-h-10 shrink-0 items-center gap-1 rounded-md px-2 text-sm whitespace-nowrap hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring">
              <X aria-hidden="true" className="size-4" />
              Back to the call
            </DialogPrimitive.Close>
          </div>
          <DialogPrimitive.Description className="sr-only">
            The patient's application, documents, your notes and the outcome.
          </DialogPrimitive.Description>
          <div className="min-h-0 flex-1 overflow-y-auto">{children}</div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
