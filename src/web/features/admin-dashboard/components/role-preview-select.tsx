import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { type AdminRole, isMasterRole, ROLE_LABELS, type Role } from '../../../../shared/roles';

const PREVIEW_ROLES: AdminRole[] = [
  'master_admin',
  'operations_admin',
  'doctor_admin',
  'admin_assistant',
];

interface RolePreviewSelectProps {
  ownRole: Role;
  value: Role;
  onChange: (role: Role) => void;
}

/**
 * Shows the signed-in user's own role. A master admin may preview another role's tab set;
 * the preview grants nothing on the server (ruling 2).
 */
export function RolePreviewSelect({ ownRole, value, onChange }: RolePreviewSelectProps) {
  const master = isMasterRole(ownRole);
  const options: Role[] = PREVIEW_ROLES.includes(ownRole as AdminRole)
    ? PREVIEW_ROLES
    : [ownRole, ...PREVIEW_ROLES];
  return (
    <div className="grid gap-1.5">
      <Label htmlFor="role-preview">{master ? 'Preview tabs as role' : 'Your role'}</Label>
      <Select
        id="role-preview"
        className="sm:w-60"
        value={value}
        disabled={!master}
        aria-describedby={master ? 'role-preview-hint' : undefined}
        onChange={(event) => onChange(event.target.value as Role)}
      >
        {options.map((role) => (
          <option key={role} value={role}>
            {ROLE_LABELS[role]}
          </option>
        ))}
      </Select>
      {master && (
        <p id="role-preview-hint" className="text-xs text-muted-foreground">
          A preview of another role&apos;s tabs; it grants no access.
        </p>
      )}
    </div>
  );
}
