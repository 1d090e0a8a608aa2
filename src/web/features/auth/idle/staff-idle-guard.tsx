import { useRef } from 'react';
import {
  AlertDialog,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { STAFF_IDLE_MS } from '../../../../shared/session-timing';
import { useLogout } from '../api/use-logout';
import { formatCountdown } from './idle-deadline';
import { useIdleDeadline } from './use-idle-deadline';

// Automatic logoff for staff (issue 13, HIPAA 164.312(a)(2)(iii), ADR 0013): two minutes before
// the session ends for inactivity, a warning with a live countdown; at the end, the sign-in page
// with a notice. Mounted by the staff console and the call rooms.

/** What a screen reader hears as time runs out (not every second: that would drown the page). */
const SPOKEN_AT_SECONDS = [60, 30, 10];

function spokenCountdown(remainingMs: number): string {
  const seconds = Math.ceil(remainingMs / 1000);
  const step = SPOKEN_AT_SECONDS.find((at) => seconds <= at && seconds > at - 5);
  if (step === undefined) return '';
  return step === 60 ? 'One minute left before you are signed out' : `${step} seconds left`;
}

export function StaffIdleGuard() {
  const { remainingMs, warning, staySignedIn } = useIdleDeadline();
  const { logout, pending } = useLogout();
  const stayButton = useRef<HTMLButtonElement>(null);

  return (
    <AlertDialog open={warning}>
      <AlertDialogContent
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          stayButton.current?.focus();
        }}
        // Escape means the person is here: the same as "Stay signed in".
        onEscapeKeyDown={() => staySignedIn()}
      >
        <AlertDialogHeader>
          <AlertDialogTitle>Are you still there?</AlertDialogTitle>
          <AlertDialogDescription className="text-base text-foreground">
            You will be signed out in{' '}
            <span role="timer" className="font-semibold tabular-nums">
              {formatCountdown(remainingMs)}
            </span>{' '}
            for inactivity.
          </AlertDialogDescription>
          <p className="text-sm text-muted-foreground">
            Staff sessions end after {STAFF_IDLE_MS / 60_000} minutes without activity, to keep
            patient records safe on an unattended screen.
          </p>
          <p className="sr-only" aria-live="polite">
            {spokenCountdown(remainingMs)}
          </p>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <Button variant="outline" disabled={pending} onClick={() => void logout()}>
            Sign out
          </Button>
          <Button ref={stayButton} onClick={staySignedIn}>
            Stay signed in
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
