import { Button, type ButtonProps } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useT } from '@/lib/i18n/use-t';
import { useResendVerification } from '../api/email-verification';

/** "Send the link again", with the answer (sent, or how long to wait) as a toast. */
export function ResendVerificationButton(props: Omit<ButtonProps, 'onClick'>) {
  const t = useT();
  const resend = useResendVerification();
  const send = () =>
    resend.mutate(undefined, {
      onSuccess: (answer) =>
        toast({ title: t('auth.resend.sentTitle'), description: answer.message }),
      onError: (error) =>
        toast({
          title: t('auth.resend.notSentTitle'),
          description: errorMessage(error, t('auth.resend.notSent')),
          variant: 'destructive',
        }),
    });
  return (
    <Button {...props} onClick={send} disabled={resend.isPending || props.disabled}>
      {resend.isPending ? t('auth.resend.pending') : t('auth.resend.button')}
    </Button>
  );
}
