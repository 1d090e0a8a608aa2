import { ShieldOff } from 'lucide-react';
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
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import type { AdminUser } from '../../../../shared/schemas/users';
import { useResetMfa } from '../api/users';

/** "Reset two-step sign-in" (issue 13): for a lost phone; master admins only, confirmed first. */
export function ResetMfaButton({ user }: { user: AdminUser }) {
  const reset = useResetMfa();
  const name = `${user.firstName} ${user.lastName}`;

  const confirm = () =>
    reset.mutate(user.id, {
      onSuccess: () =>
        toast({
          title: 'Two-step sign-in reset',
          description: `${name} was signed out and sets up an authenticator at the next sign-in.`,
        }),
      onError: (error) =>
        toast({
          title: 'Reset Failed',
          description: errorMessage(error, 'Could not reset two-step sign-in'),
          variant: 'destructive',
        }),
    });

  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Reset two-step sign-in for ${name}`}
          title="Reset two-step sign-in"
          disabled={reset.isPending}
        >
          <ShieldOff aria-hidden="true" />
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Reset two-step sign-in for {name}?</AlertDialogTitle>
          <AlertDialogDescription>
            Their authenticator app and recovery codes stop working and they are signed out
            everywhere. At their next sign-in they set up two-step sign-in again. Do this only when
            you are sure who is asking (a lost or replaced phone).
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={confirm}>Reset two-step sign-in</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
