import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { isMasterRole, ROLE_LABELS, type Role } from '../../../shared/roles';

// The admin family's roles: a master admin can open every page these roles can, so each link
// of a previewed sidebar leads somewhere.
const PREVIEW_ROLES: Role[] = [
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
 * A master admin may see the console as another role sees it (the sidebar's areas); the
 * preview grants nothing on the server (ruling 2). Other roles are not offered it at all.
 */
export function RolePreviewSelect({ ownRole, value, onChange }: RolePreviewSelectProps) {
  if (!isMasterRole(ownRole)) return null;
  const options = PREVIEW_ROLES.includes(ownRole) ? PREVIEW_ROLES : [ownRole, ...PREVIEW_ROLES];
  return (
    <div className="grid gap-1.5">
      <Label htmlFor="role-preview">Preview the console as</Label>
      <Select
        id="role-preview"
        value={value}
        aria-describedby="role-preview-hint"
        onChange={(event) => onChange(event.target.value as Role)}
      >
        {options.map((role) => (
          <option key={role} value={role}>
            {ROLE_LABELS[role]}
          </option>
        ))}
      </Select>
      <p id="role-preview-hint" className="sr-only">
        Shows that role&apos;s areas; it grants no access.
      </p>
    </div>
  );
}
