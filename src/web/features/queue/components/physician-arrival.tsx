import { Bell } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { chime, notificationsSupported } from '@/lib/chime';
import { useT } from '@/lib/i18n/use-t';
import type { QueueStatusView } from '../../../../shared/queue';

// A patient waiting with no physician on duty may leave the tab in the background: when one
// comes on duty the page chimes and, if the patient allowed it, raises a notification (issue 11).

/** Chimes and notifies once when the status goes from no physician to one on duty. */
export function usePhysicianArrival(status: QueueStatusView | null): void {
  const t = useT();
  const before = useRef<boolean | null>(null);
  const onDuty = status?.status === 'waiting' ? status.physicianOnDuty : null;
  useEffect(() => {
    if (onDuty === true && before.current === false) {
      chime();
      if (notificationsSupported() && Notification.permission === 'granted')
        new Notification(t('queue.notify.title'), {
          body: t('queue.notify.body'),
          tag: 'physician-on-duty',
        });
    }
    before.current = onDuty;
  }, [onDuty, t]);
}

/** Asks for notifications only when the patient presses the button, never on load. */
export function NotifyMeButton() {
  const t = useT();
  const [permission, setPermission] = useState(() =>
    notificationsSupported() ? Notification.permission : 'denied',
  );
  if (permission === 'granted')
    return (
      <p className="text-sm text-muted-foreground" data-testid="notify-on">
        {t('queue.notify.on')}
      </p>
    );
  if (permission !== 'default') return null;
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      className="h-auto min-h-8 w-full whitespace-normal sm:w-fit"
      onClick={() => void Notification.requestPermission().then(setPermission)}
    >
      <Bell aria-hidden="true" />
      {t('queue.notify.button')}
    </Button>
  );
}
