import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { errorMessage } from '@/lib/api-client';
import type { CurrentUser } from '../../../../shared/schemas/auth';
import { useAdminUsers } from '../api/users';
import { CreateUserDialog } from './create-user-dialog';
import { UserRow } from './user-row';

interface UserManagementProps {
  actor: CurrentUser;
}

/** The staff accounts, under the page's h1 (admin-users-page.tsx). */
export function UserManagement({ actor }: UserManagementProps) {
  const users = useAdminUsers();

  return (
    <Card>
      <CardHeader className="gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <h2 className="text-lg font-semibold">Staff accounts</h2>
          <CardDescription>Create staff accounts, set their roles and access.</CardDescription>
        </div>
        <CreateUserDialog actorRole={actor.role} />
      </CardHeader>
      <CardContent>
        {users.isPending ? (
          <div className="flex justify-center py-8">
            <Spinner label="Loading users" />
          </div>
        ) : users.isError ? (
          <div role="alert" className="grid justify-items-start gap-3 py-4">
            <p className="text-sm text-destructive">
              {errorMessage(users.error, 'Could not load users.')}
            </p>
            <Button variant="outline" size="sm" onClick={() => users.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <Table stacked className="min-w-[780px]">
            <TableCaption className="sr-only">Staff accounts</TableCaption>
            <TableHeader>
              <TableRow>
                <TableHead>Name</TableHead>
                <TableHead>Email</TableHead>
                <TableHead>Role</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>Created</TableHead>
                <TableHead>Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {users.data.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={6} className="py-8 text-center text-muted-foreground">
                    No users found
                  </TableCell>
                </TableRow>
              ) : (
                users.data.map((user) => <UserRow key={user.id} user={user} actor={actor} />)
              )}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
