import { Button, type ButtonProps } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useResendVerification } from '../api/email-verification';

/** "Send the link again", with the answer (sent, or how long to wait) as a toast. */
export function ResendVerificationButton(props: Omit<ButtonProps, 'onClick'>) {
  const resend = useResendVerification();
  const send = () =>
    resend.mutate(undefined, {
      onSuccess: (answer) => toast({ title: 'Link sent', description: answer.message }),
      onError: (error) =>
        toast({
          title: 'Link not sent',
          description: errorMessage(error, 'Could not send the link. Please try again.'),
          variant: 'destructive',
        }),
    });
  return (
    <Button {...props} onClick={send} disabled={resend.isPending || props.disabled}>
      {resend.isPending ? 'Sending…' : 'Send the link again'}
    </Button>
  );
}
