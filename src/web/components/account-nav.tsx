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
  return (
    <>
      <Button asChild variant="outline" className={cn(stacked && 'w-full')}>
        <Link to="/login" onClick={onNavigate}>
          Access Patient Portal
        </Link>
      </Button>
      <Button asChild className={cn(stacked && 'w-full')}>
        <Link to="/register" onClick={onNavigate}>
          Start Your Application
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
        <span className="max-w-56 truncate text-sm text-foreground" title={user.email}>
          {user.email}
        </span>
        <Badge variant="outline" className="w-fit">
          {ROLE_LABELS[user.role]}
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
        {t('auth.signOut.button')}
      </Button>
    </div>
  );
}
