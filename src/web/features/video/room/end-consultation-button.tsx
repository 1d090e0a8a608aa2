import { PhoneOff, Square } from 'lucide-react';
import type { ComponentProps } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { cn } from '@/lib/utils';
import { CALL_MESSAGES } from './call-rules';
import { CONTROL_CLASSES } from './round-button';

// The two ways out of a consultation room (issue 11), as labelled buttons so nobody confuses
// them (on the call's bar they look like its other controls): Hang up leaves and can be undone; End consultation closes the call for everyone, after
// a confirmation.

const pill =
  'inline-flex h-12 shrink-0 items-center gap-2 rounded-full px-4 text-sm font-semibold text-white transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white disabled:cursor-not-allowed disabled:opacity-60';

export function HangUpButton(props: Omit<ComponentProps<'button'>, 'children'>) {
  return (
    <button
      type="button"
      title="Leave the call; you can rejoin"
      className={cn(CONTROL_CLASSES, 'bg-red-600 px-3 hover:bg-red-700')}
      {...props}
    >
      <PhoneOff aria-hidden="true" className="size-5" />
      Hang up
    </button>
  );
}

interface EndConsultationButtonProps {
  onConfirm: () => void;
  pending?: boolean;
  /** On the dark call bar, or on a light screen. */
  tone?: 'dark' | 'light';
}

export function EndConsultationButton({
  onConfirm,
  pending,
  tone = 'dark',
}: EndConsultationButtonProps) {
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <button
          type="button"
          disabled={pending}
          className={
            tone === 'dark'
              ? cn(CONTROL_CLASSES, 'border border-red-400 bg-slate-900 px-3 hover:bg-red-950')
              : cn(pill, 'border border-red-300 bg-red-800 hover:bg-red-900')
          }
        >
          <Square aria-hidden="true" className="size-4 fill-current" />
          {pending ? 'Ending…' : CALL_MESSAGES.endConsultation}
        </button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>End this consultation?</AlertDialogTitle>
          <AlertDialogDescription>
            The call closes for everyone and nobody can rejoin it. To step away and come back, use
            Hang up instead.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Keep the call</AlertDialogCancel>
          <AlertDialogAction onClick={onConfirm}>{CALL_MESSAGES.endConsultation}</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
