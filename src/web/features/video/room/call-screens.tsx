import { AlertTriangle, PhoneOff, RefreshCw } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { CALL_MESSAGES } from './call-rules';

// Whole-screen states of the call room: a fatal error (§2: 'Video Call Error' with Retry,
// which reloads the page) and the end of a consultation for the patient.

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

export function CallEndedScreen({ dashboardPath }: { dashboardPath: string }) {
  return (
    <Screen>
      <PhoneOff aria-hidden="true" className="size-10 text-slate-300" />
      <h1 className="text-2xl font-bold">{CALL_MESSAGES.consultationEnded}</h1>
      <p className="text-slate-200">Your physician has ended the video consultation.</p>
      <Button asChild variant="secondary">
        <Link to={dashboardPath}>Back to dashboard</Link>
      </Button>
    </Screen>
  );
}
