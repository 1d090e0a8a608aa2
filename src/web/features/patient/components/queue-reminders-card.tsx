import { Mail } from 'lucide-react';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useT } from '@/lib/i18n/use-t';
import type { CurrentUser } from '../../../../shared/schemas/auth';
import { useQueueRemindersSetting } from '../api/notifications';

/**
 * The queue reminders by email (issue 13), on or off; receipts, the call, the decision and
 * document reviews are always sent, and the card says so.
 */
export function QueueRemindersCard({ user }: { user: CurrentUser }) {
  const t = useT();
  const setting = useQueueRemindersSetting();
  // While the change is on its way the switch shows it; a refusal puts it back.
  const on = setting.isPending ? setting.variables.queueReminders : user.queueReminders;
  const change = (queueReminders: boolean) =>
    setting.mutate(
      { queueReminders },
      {
        onSuccess: () =>
          toast({
            title: t(
              queueReminders ? 'dashboard.reminders.onTitle' : 'dashboard.reminders.offTitle',
            ),
            description: t(
              queueReminders ? 'dashboard.reminders.onBody' : 'dashboard.reminders.offBody',
            ),
          }),
        onError: (error) =>
          toast({
            title: t('dashboard.reminders.notSavedTitle'),
            description: errorMessage(error, t('dashboard.reminders.notSavedBody')),
            variant: 'destructive',
          }),
      },
    );
  return (
    <Card className="h-fit">
      <CardHeader>
        <h2 className="flex items-center gap-2 text-lg font-semibold">
          <Mail aria-hidden="true" className="size-5" />
          {t('dashboard.reminders.title')}
        </h2>
      </CardHeader>
      <CardContent className="grid gap-2">
        <div className="flex items-start justify-between gap-4">
          <label htmlFor="queue-reminders" id="queue-reminders-label" className="text-sm">
            {t('dashboard.reminders.label')}
          </label>
          <Switch
            id="queue-reminders"
            aria-labelledby="queue-reminders-label"
            aria-describedby="queue-reminders-hint"
            checked={on}
            disabled={setting.isPending}
            onCheckedChange={change}
          />
        </div>
        <p id="queue-reminders-hint" className="text-xs text-muted-foreground">
          {t('dashboard.reminders.hint')}
        </p>
      </CardContent>
    </Card>
  );
}
