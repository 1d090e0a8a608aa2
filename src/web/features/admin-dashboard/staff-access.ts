import { userPermissions } from '@/app/guards/access';
import { useAuth } from '@/features/auth/api/session';
import { ACCESS, type AccessName, allows } from '../../../shared/roles';
import type { CurrentUser } from '../../../shared/schemas/auth';

/**
 * Whether the user may make the calls behind an ACCESS rule (ruling 3). The screens show an
 * action only when this says yes; the server decides either way.
 */
export function may(user: CurrentUser | null | undefined, name: AccessName): boolean {
  if (!user) return false;
  return allows(ACCESS[name], { role: user.role, permissions: userPermissions(user) });
}

/** `may` bound to the signed-in user. */
export function useMay(): (name: AccessName) => boolean {
  const { user } = useAuth();
  return (name) => may(user, name);
}
