import { LogOut } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useLogout } from '@/features/auth/api/use-logout';
import { useT } from '@/lib/i18n/use-t';
import { cn } from '@/lib/utils';
import { ROLE_LABELS } from '../../shared/roles';
import type { CurrentUser } from '../../shared/schemas/auth';

interface NavProps {
  /** Stacked layout for the mobile menu. */
  stacked?: boolean;
  /** Called when an item is chosen, so the mobile menu can close. */
  onNavigate?: () => void;
}

export function VisitorLinks({ stacked = false, onNavigate }: NavProps) {
  const t = useT();
  return (
    <>
      <Button asChild variant="outline" className={cn(stacked && 'w-full')}>
        <Link to="/login" onClick={onNavigate}>
          {t('layout.nav.portal')}
        </Link>
      </Button>
      <Button asChild className={cn(stacked && 'w-full')}>
        <Link to="/register" onClick={onNavigate}>
          {t('layout.nav.start')}
        </Link>
      </Button>
    </>
  );
}

export function AccountBlock({
  user,
  stacked = false,
  onNavigate,
}: NavProps & { user: CurrentUser }) {
  const { logout, pending } = useLogout();
  const t = useT();
  return (
    <div className={stacked ? 'flex flex-col gap-3' : 'flex items-center gap-3'}>
      <div className={stacked ? 'grid gap-1' : 'flex items-center gap-2 text-sm'}>
        <span
          // Narrower beside the header's buttons until lg: the Spanish labels are longer.
          className={cn(
            'truncate text-sm text-foreground',
            stacked ? 'max-w-56' : 'max-w-40 lg:max-w-56',
          )}
          title={user.email}
        >
          {user.email}
        </span>
        <Badge variant="outline" className="w-fit">
          {/* Staff read the console in English; a patient's badge is in their language. */}
          {user.role === 'patient' ? t('layout.nav.patientBadge') : ROLE_LABELS[user.role]}
        </Badge>
      </div>
      <Button
        variant="outline"
        size="sm"
        disabled={pending}
        onClick={() => {
          onNavigate?.();
          void logout();
        }}
      >
        <LogOut aria-hidden="true" />
        {t('layout.nav.signOut')}
      </Button>
    </div>
  );
}
