import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import { apiRequest, isApiError } from '@/lib/api-client';
import { homePathFor } from '../../../../shared/roles';
import type { MfaStep } from '../../../../shared/schemas/account';
import type { CurrentUser } from '../../../../shared/schemas/auth';
import {
  forgetMfaStep,
  rememberedMfaStep,
  rememberMfaStep,
  useMfaChallenge,
  useMfaVerify,
} from '../api/mfa';
import { AuthCard } from './auth-card';
import { MfaCodeForm } from './mfa-code-form';
import { MfaEnrolStep } from './mfa-enrol-step';
import { RecoveryCodesPanel } from './recovery-codes-panel';

// /mfa (issue 13): the second step of a staff sign-in. First time: set up an authenticator and
// save the recovery codes; later: a code from the app or a recovery code. The server holds the
// truth (a pending session); this page only follows it.

type Screen = MfaStep | 'codes' | 'ended';

const home = (user: CurrentUser) => {
  forgetMfaStep();
  // A hard redirect: the next page restores the full session from GET /api/user.
  window.location.assign(homePathFor(user.role));
};

export function MfaPage() {
  const [screen, setScreen] = useState<Screen>(rememberedMfaStep);
  const [endedMessage, setEndedMessage] = useState('');
  const [enrolled, setEnrolled] = useState<{ user: CurrentUser; codes: string[] } | null>(null);
  const [recovery, setRecovery] = useState(false);
  const verify = useMfaVerify();
  const challenge = useMfaChallenge();

  const switchTo = useCallback((step: MfaStep) => {
    rememberMfaStep(step);
    setScreen(step);
  }, []);
  const toChallenge = useCallback(() => switchTo('required'), [switchTo]);

  /** A 401 means the pending sign-in is over (five wrong codes, ten minutes, signed out). */
  const send = async <T,>(request: Promise<T>): Promise<T> => {
    try {
      return await request;
    } catch (error) {
      if (isApiError(error, 401)) {
        forgetMfaStep();
        setEndedMessage(error.body?.message ?? 'Please sign in again.');
        setScreen('ended');
      }
      if (isApiError(error, 409) && error.body?.message === 'Set up two-step sign-in first')
        switchTo('enrol');
      throw error;
    }
  };

  const onVerify = async (code: string) => {
    const answer = await send(verify.mutateAsync({ code }));
    setEnrolled({ user: answer.user, codes: answer.recoveryCodes });
    setScreen('codes');
  };

  const onChallenge = async (code: string) => {
    const { user } = await send(challenge.mutateAsync({ code }));
    toast({ title: 'Welcome back!', description: 'You have been successfully logged in' });
    home(user);
  };

  const cancel = async () => {
    await apiRequest('POST', '/api/logout').catch(() => undefined);
    forgetMfaStep();
    window.location.assign('/login');
  };

  const cancelButton = (
    <Button variant="link" className="mx-auto h-auto p-0 text-sm" onClick={cancel}>
      Cancel and sign out
    </Button>
  );

  if (screen === 'ended')
    return (
      <AuthCard title="Sign in again">
        <p role="alert" className="text-sm">
          {endedMessage}
        </p>
        <Button asChild>
          <Link to="/login">Go to sign-in</Link>
        </Button>
      </AuthCard>
    );

  if (screen === 'codes' && enrolled)
    return (
      <AuthCard title="Two-step sign-in is on">
        <RecoveryCodesPanel codes={enrolled.codes} onContinue={() => home(enrolled.user)} />
      </AuthCard>
    );

  if (screen === 'enrol')
    return (
      <AuthCard
        title="Set up two-step sign-in"
        description="Staff accounts sign in with a password and a code from an authenticator app on your phone."
        footer={cancelButton}
      >
        <MfaEnrolStep
          onVerify={onVerify}
          verifying={verify.isPending}
          onAlreadyEnrolled={toChallenge}
        />
      </AuthCard>
    );

  return (
    <AuthCard
      title="Two-step sign-in"
      description={
        recovery
          ? 'Enter one of your recovery codes.'
          : 'Enter the 6-digit code from your authenticator app.'
      }
      footer={cancelButton}
    >
      <div className="flex items-center gap-3">
        <Switch id="mfa-use-recovery" checked={recovery} onCheckedChange={setRecovery} />
        <Label htmlFor="mfa-use-recovery">Use a recovery code</Label>
      </div>
      <MfaCodeForm
        recovery={recovery}
        onCode={onChallenge}
        pending={challenge.isPending || challenge.isSuccess}
        submitLabel="Verify"
        pendingLabel="Verifying..."
      />
      <p className="text-center text-xs text-muted-foreground">
        Lost your phone and your recovery codes? A master admin can reset your two-step sign-in.
      </p>
    </AuthCard>
  );
}
