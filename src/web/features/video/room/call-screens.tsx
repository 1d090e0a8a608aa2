import { AlertTriangle, ClipboardList, LogOut, PhoneCall, PhoneOff, RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { CALL_MESSAGES } from './call-rules';

// Whole-screen states of the call room: a fatal error (§2: 'Video Call Error' with Retry,
// which reloads the page), the screen after a hang-up (issue 11: Rejoin call) and the end of
// a consultation. The room's top bar holds the page's h1 (room-bar.tsx); these are h2.

function Screen({ children }: { children: React.ReactNode }) {
  return (
    <section className="flex flex-1 items-center justify-center bg-slate-950 px-4 py-12 text-white">
      <div className="grid w-full max-w-md justify-items-center gap-4 text-center">{children}</div>
    </section>
  );
}

export function CallErrorScreen({ message }: { message: string }) {
  return (
    <Screen>
      <AlertTriangle aria-hidden="true" className="size-10 text-red-400" />
      <h1 className="text-2xl font-bold">Video Call Error</h1>
      <p role="alert" className="text-slate-200">
        {message}
      </p>
      <Button variant="secondary" onClick={() => window.location.reload()}>
        <RefreshCw aria-hidden="true" />
        Retry
      </Button>
    </Screen>
  );
}

export function CallEndedScreen({
  dashboardPath,
  staff = false,
  chart,
}: {
  dashboardPath: string;
  staff?: boolean;
  /** The room keeps the chart (issue 12): where it is, and a way to open it on a phone. */
  chart?: { beside: boolean; open: () => void; recorded: boolean };
}) {
  return (
    <Screen>
      <PhoneOff aria-hidden="true" className="size-10 text-slate-300" />
      <h2 className="text-2xl font-bold">{CALL_MESSAGES.consultationEnded}</h2>
      <p className="text-slate-200">
        {!staff
          ? 'Your physician has ended the video consultation. Your dashboard shows what happens next.'
          : chart
            ? `The call is closed for everyone. ${chart.recorded ? 'The outcome is recorded; the chart' : 'Record the outcome in the chart'}${chart.beside ? ' beside this message' : ''}${chart.recorded ? ' keeps it with your notes.' : '.'}`
            : 'The call is closed for everyone. Record your decision in the consultation notes.'}
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        {chart && !chart.beside && (
          <Button onClick={chart.open}>
            <ClipboardList aria-hidden="true" />
            Open the chart
          </Button>
        )}
        <Button asChild variant="secondary">
          <Link to={dashboardPath}>Back to dashboard</Link>
        </Button>
      </div>
    </Screen>
  );
}

interface CallLeftScreenProps {
  /** Where Back goes: the dashboard, or the page the call was opened from. */
  exitTo: string;
  exitLabel: string;
  onRejoin: () => void;
  /** What leaving meant for the others (a consultation goes on until it is ended). */
  detail: string;
  /** More actions (the host's End consultation). */
  children?: ReactNode;
}

/** After Hang up (issue 11): the call goes on without this person, who may come back. */
export function CallLeftScreen({
  exitTo,
  exitLabel,
  onRejoin,
  detail,
  children,
}: CallLeftScreenProps) {
  return (
    <Screen>
      <LogOut aria-hidden="true" className="size-10 text-slate-300" />
      <h2 className="text-2xl font-bold">{CALL_MESSAGES.youLeft}</h2>
      <p className="text-slate-200">{detail}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button onClick={onRejoin}>
          <PhoneCall aria-hidden="true" />
          {CALL_MESSAGES.rejoin}
        </Button>
        <Button asChild variant="secondary">
          <Link to={exitTo}>{exitLabel}</Link>
        </Button>
      </div>
      {children}
    </Screen>
  );
}
