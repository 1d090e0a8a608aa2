import { Copy } from 'lucide-react';
import QRCode from 'qrcode';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { errorMessage, isApiError } from '@/lib/api-client';
import type { MfaSetupAnswer } from '../../../../shared/schemas/account';
import { useMfaSetup } from '../api/mfa';
import { MfaCodeForm } from './mfa-code-form';

/** "ABCD EFGH …": the secret in groups of four, easier to type into an app by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * Enrolment (issue 13): a new secret from the server, as a QR code and as text, confirmed by
 * the first code the app shows. The QR code is an SVG drawn here (the CSP allows data: images);
 * the secret never leaves this page and the server.
 */
export function MfaEnrolStep({
  onVerify,
  verifying,
  onAlreadyEnrolled,
}: {
  onVerify: (code: string) => Promise<unknown>;
  verifying: boolean;
  onAlreadyEnrolled: () => void;
}) {
  const setup = useMfaSetup();
  const [answer, setAnswer] = useState<MfaSetupAnswer | null>(null);
  const [qr, setQr] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    // Once per visit: each setup call makes a new secret.
    if (started.current) return;
    started.current = true;
    setup.mutate(undefined, {
      onSuccess: async (a) => {
        setAnswer(a);
        const svg = await QRCode.toString(a.otpauthUrl, { type: 'svg', margin: 1 });
        setQr(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      },
      onError: (error) => {
        if (isApiError(error, 409)) onAlreadyEnrolled();
      },
    });
  }, [setup, onAlreadyEnrolled]);

  if (setup.isError && !isApiError(setup.error, 409))
    return (
      <p role="alert" className="text-sm text-destructive">
        {errorMessage(setup.error, 'Could not start the setup. Please sign in again.')}
      </p>
    );
  if (!answer) return <Spinner label="Preparing your setup" />;

  const copySecret = async () => {
    try {
      await navigator.clipboard.writeText(answer.secret);
      toast({ title: 'Copied', description: 'The setup key is on your clipboard.' });
    } catch {
      toast({ title: 'Could not copy', description: 'Select the key and copy it by hand.' });
    }
  };

  return (
    <div className="grid gap-5">
      <ol className="grid list-decimal gap-1 pl-5 text-sm">
        <li>
          Open an authenticator app on your phone (Google Authenticator, Microsoft Authenticator,
          1Password…).
        </li>
        <li>Scan the QR code, or enter the setup key by hand.</li>
        <li>Type the 6-digit code the app shows.</li>
      </ol>
      <div className="grid justify-items-center gap-3">
        {qr ? (
          <img
            src={qr}
            alt="QR code to add OKMMJ Telehealth to your authenticator app"
            width={192}
            height={192}
            className="size-48 rounded-md border bg-white p-2"
          />
        ) : (
          <Spinner label="Drawing the QR code" />
        )}
      </div>
      <div className="grid gap-1.5">
        <p className="text-sm font-medium">Setup key</p>
        {/* Wraps at the group boundaries on a phone instead of hiding half the key. */}
        <p
          data-testid="mfa-secret"
          className="rounded-md border bg-muted/40 px-3 py-2 font-mono text-base tracking-wide break-words select-all"
        >
          {grouped(answer.secret)}
        </p>
        <div className="flex items-center justify-between gap-2">
          <p className="text-xs text-muted-foreground">Time-based, 6 digits, every 30 seconds.</p>
          <Button variant="outline" size="sm" onClick={copySecret}>
            <Copy aria-hidden="true" /> Copy key
          </Button>
        </div>
      </div>
      <MfaCodeForm
        onCode={onVerify}
        pending={verifying}
        submitLabel="Verify and continue"
        pendingLabel="Verifying..."
      />
    </div>
  );
}
