import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { TableCell, TableRow } from '@/components/ui/table';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { formatCalendarDate } from '@/lib/format';
import { hasOfficeAddress } from '../../../../shared/omma';
import {
  isMasterRole,
  isStaffRole,
  ROLE_LABELS,
  type Role,
  type StaffRole,
} from '../../../../shared/roles';
import type { AdminUser } from '../../../../shared/schemas/users';
import { useUpdateUser } from '../api/users';
import { assignableRoles, canManage } from './access-rules';
import { DeleteUserButton } from './delete-user-button';
import { EditUserDialog } from './edit-user-dialog';
import { OmmaRegistrationBadge } from './omma-registration-badge';
import { ResetMfaButton } from './reset-mfa-button';

const dateFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
});

function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : dateFormat.format(date);
}

/**
 * A doctor's OMMA registration under their role (issue 12): number, last valid day, and
 * whether they may approve today. Only doctors carry one, so it needs no column of its own.
 */
function OmmaRegistrationSummary({ user }: { user: AdminUser }) {
  return (
    <div className="grid justify-items-start gap-1 text-xs">
      {user.ommaRegistrationNumber && user.ommaRegistrationExpiresOn ? (
        <span>
          OMMA <span className="font-mono">{user.ommaRegistrationNumber}</span>
          <span className="block text-muted-foreground">
            valid through {formatCalendarDate(user.ommaRegistrationExpiresOn)}
          </span>
        </span>
      ) : (
        <span className="sr-only">OMMA registration:</span>
      )}
      <OmmaRegistrationBadge registration={user} />
      {/* Printed on the recommendation (issue 22): the doctor's console warns while missing. */}
      {!hasOfficeAddress(user) && <span className="text-amber-800">No office address</span>}
    </div>
  );
}

interface UserRowProps {
  user: AdminUser;
  actor: { id: string; role: Role };
}

export function UserRow({ user, actor }: UserRowProps) {
  const updateUser = useUpdateUser();
  const [editing, setEditing] = useState<{ initialRole?: StaffRole } | null>(null);
  const name = `${user.firstName} ${user.lastName}`;
  const isSelf = user.id === actor.id;
  const manageable = isStaffRole(user.role) && canManage(actor.role, user.role) && !isSelf;
  const roleOptions = assignableRoles(actor.role);

  const changeRole = (role: StaffRole) => {
    // A doctor needs a license number and NPI first: collect them in the edit dialog.
    if (role === 'doctor' && (!user.licenseNumber || !user.npi)) {
      setEditing({ initialRole: role });
      return;
    }
    updateUser.mutate(
      { userId: user.id, role },
      {
        onSuccess: (updated) =>
          toast({
            title: 'Role Updated',
            description: `${name} is now ${ROLE_LABELS[updated.role]}.`,
          }),
        onError: (error) =>
          toast({
            title: 'Update Failed',
            description: errorMessage(error, 'Could not update the role'),
            variant: 'destructive',
          }),
      },
    );
  };

  return (
    <TableRow>
      <TableCell label="Name" className="font-medium">
        {name}
        {isSelf && <span className="ml-1 text-xs text-muted-foreground">(you)</span>}
      </TableCell>
      {/* A long address breaks rather than push the Actions column out of view beside the sidebar. */}
      <TableCell label="Email" className="min-w-40 [overflow-wrap:anywhere]">
        {user.email}
      </TableCell>
      <TableCell label="Role">
        <div className="grid justify-items-start gap-2">
          {/* Long role names wrap rather than push the row past its card or the page. */}
          <Badge variant="outline" className="whitespace-normal">
            {ROLE_LABELS[user.role]}
          </Badge>
          {user.role === 'doctor' && <OmmaRegistrationSummary user={user} />}
          {user.languages && (
            <span className="text-xs text-muted-foreground">
              Consults in{' '}
              {user.languages.map((l) => (l === 'es' ? 'Spanish' : 'English')).join(' and ')}
            </span>
          )}
        </div>
      </TableCell>
      <TableCell label="Status">
        <div className="grid justify-items-start gap-1">
          {user.emailVerified ? (
            <Badge variant="success">Verified</Badge>
          ) : (
            <Badge variant="warning">Pending</Badge>
          )}
          {/* The second factor (issue 13): set up, or still to do at the next sign-in. */}
          <span className="text-xs text-muted-foreground">
            Two-step sign-in: {user.mfaEnrolled ? 'on' : 'not set up'}
          </span>
        </div>
      </TableCell>
      <TableCell label="Created" className="whitespace-nowrap">
        {formatDate(user.createdAt)}
      </TableCell>
      <TableCell>
        {/* The role picker takes its own line, the buttons the next: on a phone's card so long
            role names fit, in the table so the column stays narrow enough beside the sidebar. */}
        <div className="flex flex-wrap items-center gap-1 md:w-44">
          <div className="w-full">
            <Select
              aria-label={`Role for ${name}`}
              value={user.role}
              disabled={!manageable || updateUser.isPending}
              onChange={(event) => changeRole(event.target.value as StaffRole)}
            >
              {!roleOptions.includes(user.role as StaffRole) && (
                <option value={user.role}>{ROLE_LABELS[user.role]}</option>
              )}
              {roleOptions.map((r) => (
                <option key={r} value={r}>
                  {ROLE_LABELS[r]}
                </option>
              ))}
            </Select>
          </div>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Edit access for ${name}`}
            disabled={!manageable}
            onClick={() => setEditing({})}
          >
            <Pencil aria-hidden="true" />
          </Button>
          <DeleteUserButton user={user} disabled={!manageable} />
          {isMasterRole(actor.role) && !isSelf && user.mfaEnrolled && (
            <ResetMfaButton user={user} />
          )}
        </div>
        {editing && (
          <EditUserDialog
            user={user}
            actorRole={actor.role}
            initialRole={editing.initialRole}
            onClose={() => setEditing(null)}
          />
        )}
      </TableCell>
    </TableRow>
  );
}
