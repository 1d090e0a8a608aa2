import { Trash2 } from 'lucide-react';
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
import { useDeleteUser } from '../api/users';

export function DeleteUserButton({ user, disabled }: { user: AdminUser; disabled?: boolean }) {
  const deleteUser = useDeleteUser();
  const name = `${user.firstName} ${user.lastName}`;

  const confirm = () =>
    deleteUser.mutate(user.id, {
      onSuccess: () =>
        toast({ title: 'User Deleted', description: `${name} can no longer sign in.` }),
      onError: (error) =>
        toast({
          title: 'Delete Failed',
          description: errorMessage(error, 'Could not delete the user'),
          variant: 'destructive',
        }),
    });

  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="text-destructive hover:bg-red-50"
          aria-label={`Delete ${name}`}
          disabled={disabled || deleteUser.isPending}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete {name}?</AlertDialogTitle>
          <AlertDialogDescription>
            Are you sure you want to delete this user? This action cannot be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={confirm}>Delete</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
