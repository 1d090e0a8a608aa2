import { Bell, BellOff } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Switch } from '@/components/ui/switch';
import { chime, notificationsSupported } from '@/lib/chime';

// Provider alerts (issue 12): while the console is open, a patient joining the waiting room
// chimes and raises a browser notification, for staff who may admit patients and who switched
// alerts on. The choice is this device's (localStorage); the browser's permission is asked only
// when the switch is turned on, never on load. The notification names nobody: a lock screen
// may show it.

const ALERTS_KEY = 'staff-console-alerts';

const storedChoice = (): boolean => {
  try {
    return localStorage.getItem(ALERTS_KEY) === 'on';
  } catch {
    return false;
  }
};

export interface ProviderAlerts {
  on: boolean;
  /** The browser's answer for notifications: 'unsupported' where there is no API at all. */
  permission: NotificationPermission | 'unsupported';
  toggle: (on: boolean) => void;
}

export function useProviderAlertsSetting(): ProviderAlerts {
  const [on, setOn] = useState(storedChoice);
  const [permission, setPermission] = useState<ProviderAlerts['permission']>(() =>
    notificationsSupported() ? Notification.permission : 'unsupported',
  );
  const toggle = (next: boolean) => {
    setOn(next);
    try {
      localStorage.setItem(ALERTS_KEY, next ? 'on' : 'off');
    } catch {
      // Storage blocked: the choice lasts for this page only.
    }
    if (next && notificationsSupported() && Notification.permission === 'default')
      void Notification.requestPermission().then(setPermission);
  };
  return { on, permission, toggle };
}

/**
 * Chimes and notifies when the waiting count rises while the console is open. The first count
 * after opening is the starting point, not news; a fall (someone admitted) says nothing.
 */
export function useWaitingAlerts(waiting: number | null | undefined, alertsOn: boolean): void {
  const before = useRef<number | null>(null);
  useEffect(() => {
    if (waiting == null) return;
    const previous = before.current;
    before.current = waiting;
    if (previous === null || waiting <= previous || !alertsOn) return;
    chime();
    if (notificationsSupported() && Notification.permission === 'granted')
      new Notification('A patient is waiting', {
        body: `${waiting} ${waiting === 1 ? 'patient is' : 'patients are'} in the waiting room.`,
        tag: 'patient-waiting',
      });
  }, [waiting, alertsOn]);
}

/** The sidebar's switch, with what the browser allows said in words. */
export function AlertsToggle({ alerts }: { alerts: ProviderAlerts }) {
  const Icon = alerts.on ? Bell : BellOff;
  const blocked = alerts.on && alerts.permission === 'denied';
  return (
    <div className="grid gap-1">
      <div className="flex items-center justify-between gap-3">
        <span className="flex items-center gap-2 text-sm font-medium">
          <Icon aria-hidden="true" className="size-4" />
          <span id="alerts-label">Alerts</span>
          <span aria-hidden="true" className="text-muted-foreground">
            {alerts.on ? 'on' : 'off'}
          </span>
        </span>
        <Switch
          aria-labelledby="alerts-label"
          aria-describedby="alerts-hint"
          checked={alerts.on}
          onCheckedChange={alerts.toggle}
        />
      </div>
      <p id="alerts-hint" className={blocked ? 'text-xs text-muted-foreground' : 'sr-only'}>
        {blocked
          ? 'This browser blocks notifications; a chime still plays when a patient joins.'
          : 'A chime and a notification when a patient joins the waiting room.'}
      </p>
    </div>
  );
}

const COUNT_PREFIX = /^\(\d+\) /;

/**
 * "(2) Waiting Room | Brand": the tab's title carries the waiting count, whatever page set the
 * title. Pages render their own <title>; this re-applies the prefix each time it changes.
 */
export function useWaitingTitle(waiting: number | null | undefined): void {
  useEffect(() => {
    const apply = () => {
      const bare = document.title.replace(COUNT_PREFIX, '');
      const wanted = waiting ? `(${waiting}) ${bare}` : bare;
      if (document.title !== wanted) document.title = wanted;
    };
    apply();
    const observer = new MutationObserver(apply);
    observer.observe(document.head, { childList: true, subtree: true, characterData: true });
    return () => {
      observer.disconnect();
      document.title = document.title.replace(COUNT_PREFIX, '');
    };
  }, [waiting]);
}
