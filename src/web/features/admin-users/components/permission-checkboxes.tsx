import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import {
  isMasterRole,
  PERMISSION_LABELS,
  PERMISSIONS,
  type Permission,
  type Role,
} from '../../../../shared/roles';

interface PermissionCheckboxesProps {
  idPrefix: string;
  role: Role;
  value: readonly Permission[];
  onChange: (next: Permission[]) => void;
  /** The signed-in user may change permissions (master roles only). */
  editable: boolean;
}

export function PermissionCheckboxes({
  idPrefix,
  role,
  value,
  onChange,
  editable,
}: PermissionCheckboxesProps) {
  // Doctors' access is fixed by their role: there is nothing to tick.
  if (role === 'doctor') {
    return (
      <p className="text-sm text-muted-foreground">
        Doctors have fixed clinical access (waiting list, consultations, video); no permissions to
        set.
      </p>
    );
  }
  const master = isMasterRole(role);
  const checked = master ? PERMISSIONS : value;
  const toggle = (permission: Permission, on: boolean) =>
    onChange(PERMISSIONS.filter((p) => (p === permission ? on : value.includes(p))));

  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">Permissions</legend>
      {master && (
        <p className="text-xs text-muted-foreground">Master roles always hold every permission.</p>
      )}
      {!master && !editable && (
        <p className="text-xs text-muted-foreground">
          Only a master admin can change permissions; the role&apos;s defaults apply.
        </p>
      )}
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        {PERMISSIONS.map((permission) => {
          const id = `${idPrefix}-perm-${permission}`;
          return (
            <div key={permission} className="flex items-center gap-2">
              <Checkbox
                id={id}
                checked={checked.includes(permission)}
                disabled={master || !editable}
                onCheckedChange={(state) => toggle(permission, state === true)}
              />
              <Label htmlFor={id} className="font-normal">
                {PERMISSION_LABELS[permission]}
              </Label>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
