import { KeyRound, LockOpen, UserX } from 'lucide-react';
import type { ReactNode } from 'react';
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
import type { PatientAccount } from '../../../../shared/schemas/patient-accounts';
import { type PatientAction, usePatientAction } from '../api/patient-accounts';

interface ActionWords {
  label: string;
  icon: ReactNode;
  title: (name: string) => string;
  description: (patient: PatientAccount) => string;
  confirm: string;
  done: string;
  failed: string;
  destructive?: boolean;
}

const WORDS: Record<PatientAction, ActionWords> = {
  'password-reset': {
    label: 'Send password reset',
    icon: <KeyRound aria-hidden="true" />,
    title: (name) => `Send ${name} a password reset?`,
    description: (p) =>
      `A link to choose a new password goes to ${p.email}. It works once, for 30 minutes; the current password keeps working until then.`,
    confirm: 'Send link',
    done: 'Reset link sent',
    failed: 'Reset link not sent',
  },
  unlock: {
    label: 'Unlock sign-in',
    icon: <LockOpen aria-hidden="true" />,
    title: (name) => `Unlock sign-in for ${name}?`,
    description: () =>
      'The count of wrong passwords for this account is cleared on every device, so the patient can sign in again at once.',
    confirm: 'Unlock',
    done: 'Sign-in unlocked',
    failed: 'Unlock failed',
  },
  deactivate: {
    label: 'Deactivate',
    icon: <UserX aria-hidden="true" />,
    title: (name) => `Deactivate ${name}?`,
    description: () =>
      'The patient is signed out everywhere and can no longer sign in. Their records are kept.',
    confirm: 'Deactivate',
    done: 'Patient deactivated',
    failed: 'Deactivate failed',
    destructive: true,
  },
};

function PatientActionButton({
  patient,
  action,
}: {
  patient: PatientAccount;
  action: PatientAction;
}) {
  const words = WORDS[action];
  const mutation = usePatientAction(action);
  const name = `${patient.firstName} ${patient.lastName}`;
  const run = () =>
    mutation.mutate(patient.id, {
      onSuccess: (answer) =>
        toast({
          title: words.done,
          description: answer?.message ?? `${name} can no longer sign in.`,
        }),
      onError: (error) =>
        toast({
          title: words.failed,
          description: errorMessage(error, 'Please try again.'),
          variant: 'destructive',
        }),
    });
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button
          variant="outline"
          size="sm"
          className={words.destructive ? 'text-destructive hover:bg-red-50' : undefined}
          disabled={mutation.isPending}
          aria-label={`${words.label} for ${name}`}
        >
          {words.icon}
          {words.label}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{words.title(name)}</AlertDialogTitle>
          <AlertDialogDescription>{words.description(patient)}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={run}>{words.confirm}</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/**
 * Send password reset, Unlock sign-in and Deactivate, each confirmed first. Unlock stays offered
 * when no lock shows: the list marks a lock only while it lasts from some address.
 */
export function PatientAccountActions({ patient }: { patient: PatientAccount }) {
  return (
    <div className="flex flex-wrap gap-2">
      <PatientActionButton patient={patient} action="password-reset" />
      <PatientActionButton patient={patient} action="unlock" />
      <PatientActionButton patient={patient} action="deactivate" />
    </div>
  );
}
