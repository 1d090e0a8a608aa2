import { AlertTriangle } from 'lucide-react';
import { useAuth } from '@/features/auth/api/session';
import { cn } from '@/lib/utils';
import { todayIso } from '../../../../shared/dates';
import { ommaNoticeText } from './omma-notice-text';

/** The doctor's console notice about their OMMA registration (words in omma-notice-text.ts). */
export function OmmaRegistrationNotice({ today = todayIso() }: { today?: string }) {
  const { user } = useAuth();
  if (user?.role !== 'doctor') return null;
  const notice = ommaNoticeText(user, today);
  if (!notice) return null;
  return (
    <div
      role="status"
      data-testid="omma-registration-notice"
      className={cn(
        'flex items-start gap-3 rounded-lg border p-4 text-sm',
        notice.tone === 'warning'
          ? 'border-amber-300 bg-amber-50 text-amber-950'
          : 'border-red-300 bg-red-50 text-red-900',
      )}
    >
      <AlertTriangle aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="grid gap-1">
        <p className="font-semibold">{notice.title}</p>
        <p>{notice.body}</p>
      </div>
    </div>
  );
}
