import { FilePlus, FlaskConical, ListOrdered, LogOut, Video } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { useDevToolsEnabled } from '@/features/app-config/api/app-config';
import { useDevBypass } from '@/features/payments/api/dev-bypass';
import { callRoomOf, videoCallPath } from '@/features/realtime/call-room';
import { hasJoinedCall } from '@/features/video/lib/call-data';
import { useT } from '@/lib/i18n/use-t';
import { isClosedStatus, paymentDue } from '../../../../shared/application-status';
import type { QueueStatusView } from '../../../../shared/queue';
import type { ApplicationView } from '../../../../shared/schemas/application';
import type { CurrentUser } from '../../../../shared/schemas/auth';
import type { PatientJourneyResponse } from '../../../../shared/schemas/journey';
import { useJourneyText } from '../journey-text';
import { ApprovalPanel, DenialPanel, DocumentsAttention } from './decision-panels';
import { LicenceCard } from './licence-card';
import { PatientJourney, STEP_TITLE } from './patient-journey';
import { QueueRemindersCard } from './queue-reminders-card';
import { StateApplicationCard } from './state-application-card';

interface OverviewTabProps {
  user: CurrentUser;
  /** The latest application (the first of GET /api/applications). */
  application: ApplicationView | null;
  queue: QueueStatusView | null;
  /** The journey, the decision and the documents to fix, as the server computed them. */
  journey: PatientJourneyResponse;
  onLogout: () => void;
  loggingOut: boolean;
}

export function OverviewTab({
  user,
  application,
  queue,
  journey,
  onLogout,
  loggingOut,
}: OverviewTabProps) {
  const t = useT();
  const room = callRoomOf(queue);
  const navigate = useNavigate();
  const devTools = useDevToolsEnabled();
  // Only while a fee is due: never on a decided visit, never twice (issue 21).
  const simulatePayment = devTools && paymentDue(application);
  // After the consultation there is no call to wait for: no disabled Join that says "soon".
  const consultationOver =
    journey.journey.steps.find((s) => s.key === 'consultation')?.state === 'completed';
  const bypass = useDevBypass(() =>
    toast({
      title: t('dashboard.toast.simulatedTitle'),
      description: t('dashboard.toast.simulatedBody'),
    }),
  );

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <div className="grid content-start gap-6">
        <DocumentsAttention documents={journey.documentsNeedingAttention} />
        <StatusCard user={user} data={journey} />
        {journey.stateApplication && (
          <StateApplicationCard
            application={journey.stateApplication}
            step={journey.journey.steps.find((s) => s.key === 'state_application')}
          />
        )}
        {/* Once there is a licence to show or one on its way; a renewing patient may enter theirs. */}
        {(journey.license || journey.stateApplication || application?.type === 'renewal') && (
          <LicenceCard
            license={journey.license}
            applicationOpen={!!application && !isClosedStatus(application.status)}
          />
        )}
        <PatientJourney journey={journey.journey} />
      </div>
      <div className="grid content-start gap-6">
        <Card className="h-fit">
          <CardHeader>
            <h2 className="text-lg font-semibold">{t('dashboard.actions.title')}</h2>
          </CardHeader>
          <CardContent className="grid gap-3">
            <Button asChild variant="outline" className="justify-start">
              <Link to="/patient/intake">
                <FilePlus aria-hidden="true" />
                {/* One application at a time (issue 11): this continues it, never starts a second. */}
                {/* From the journey, which is read again on every change (the list may lag). */}
                {journey.decision
                  ? t('dashboard.actions.newApplication')
                  : application
                    ? t('dashboard.actions.continueApplication')
                    : t('dashboard.actions.startApplication')}
              </Link>
            </Button>
            {room && hasJoinedCall(room) ? (
              // Back into a call this tab left without hanging up (a dropped connection).
              <Button asChild className="justify-start">
                <Link to={videoCallPath(room)}>
                  <Video aria-hidden="true" />
                  {t('dashboard.actions.returnToCall')}
                </Link>
              </Button>
            ) : room ? (
              <Button className="justify-start" onClick={() => navigate(videoCallPath(room))}>
                <Video aria-hidden="true" />
                {t('dashboard.actions.joinCall')}
              </Button>
            ) : consultationOver ? null : (
              <>
                <Button
                  variant="outline"
                  className="justify-start"
                  disabled
                  aria-describedby="join-call-hint"
                >
                  <Video aria-hidden="true" />
                  {t('dashboard.actions.joinCall')}
                </Button>
                <p id="join-call-hint" className="-mt-2 text-xs text-muted-foreground">
                  {t('dashboard.actions.joinHint')}
                </p>
              </>
            )}
            {queue && (
              <Button asChild variant="outline" className="justify-start">
                <Link to="/patient/queue">
                  <ListOrdered aria-hidden="true" />
                  {t('dashboard.actions.viewQueue')}
                </Link>
              </Button>
            )}
            {simulatePayment && (
              <Button
                variant="outline"
                className="justify-start"
                disabled={bypass.pending}
                onClick={() => bypass.run(application?.type ?? 'new')}
              >
                <FlaskConical aria-hidden="true" />
                {t('dashboard.actions.simulatePayment')}
              </Button>
            )}
            <Button
              variant="outline"
              className="justify-start"
              onClick={onLogout}
              disabled={loggingOut}
            >
              <LogOut aria-hidden="true" />
              {t('dashboard.actions.signOut')}
            </Button>
          </CardContent>
        </Card>
        <QueueRemindersCard user={user} />
      </div>
    </div>
  );
}

/** The headline card: the decision once there is one, else the step the patient is at. */
function StatusCard({ user, data }: { user: CurrentUser; data: PatientJourneyResponse }) {
  const t = useT();
  const say = useJourneyText();
  const { decision, journey } = data;
  if (decision?.outcome === 'approved')
    return <ApprovalPanel decision={decision} stateApplication={data.stateApplication} />;
  if (decision?.outcome === 'not_approved') return <DenialPanel decision={decision} />;
  const step = journey.steps.find((s) => s.key === journey.current);
  if (!step) return null;
  const welcome = journey.current === 'application' && journey.completed <= 1;
  // What went wrong earlier (a removal from the queue) explains the step the patient is back at.
  const earlier = journey.steps.filter((s) => s.state === 'attention' && s.key !== step.key);
  return (
    <Card className={step.state === 'current' ? 'border-secondary' : undefined}>
      <CardHeader>
        <h2 className="text-lg font-semibold">
          {welcome
            ? t('dashboard.next.welcome', { name: user.firstName })
            : t('dashboard.next.step', { step: t(STEP_TITLE[step.key]) })}
        </h2>
        {earlier.map((s) => (
          <p
            key={s.key}
            className="rounded-md border-l-4 border-amber-500 bg-amber-50 p-3 text-sm text-foreground"
          >
            {say(s.statusMessage, s.status)}
          </p>
        ))}
        <CardDescription>{say(step.statusMessage, step.status)}</CardDescription>
      </CardHeader>
      {step.action && (
        <CardContent>
          <Button asChild variant="secondary" className="w-full sm:w-fit">
            <Link to={step.action.to}>{say(step.actionMessage, step.action.label)}</Link>
          </Button>
        </CardContent>
      )}
    </Card>
  );
}
