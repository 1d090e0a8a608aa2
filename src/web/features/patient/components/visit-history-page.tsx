import { useLingui } from '@lingui/react';
import { CalendarClock, Download, Stethoscope } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { documentViewUrl } from '@/features/documents/api/documents';
import { BRAND_NAME } from '@/lib/brand';
import { useT } from '@/lib/i18n/use-t';
import type { MessageKey } from '../../../../shared/i18n/message-key';
import type { PatientVisit } from '../../../../shared/schemas/visits';
import { useVisits } from '../api/visits';

// /patient/consultation (issue 21, replacing the "being built" placeholder): the patient's
// visit history, newest first: each visit's date, physician, decision and, once approved, the
// signed recommendation to download again.

const APPLICATION_TYPE_WORDS: Record<string, MessageKey> = {
  new: 'dashboard.visits.type.new',
  renewal: 'dashboard.visits.type.renewal',
};

function DecisionBadge({ visit }: { visit: PatientVisit }) {
  const t = useT();
  if (visit.decision === 'approved')
    return (
      <Badge className="bg-green-700 text-white hover:bg-green-700">
        {t('dashboard.visits.approved')}
      </Badge>
    );
  if (visit.decision === 'not_approved')
    return (
      <Badge className="bg-red-700 text-white hover:bg-red-700">
        {t('dashboard.visits.notApproved')}
      </Badge>
    );
  return (
    <Badge variant="outline">
      {t(visit.endedAt ? 'dashboard.visits.awaiting' : 'dashboard.visits.inProgress')}
    </Badge>
  );
}

function VisitCard({ visit }: { visit: PatientVisit }) {
  const t = useT();
  const { i18n } = useLingui();
  /** "Jan 5, 2026" ("5 de ene de 2026"), in the browser's time zone. */
  const formatDate = (iso: string | null | undefined) =>
    iso ? i18n.date(iso, { year: 'numeric', month: 'short', day: 'numeric' }) : '—';
  const heading = t('dashboard.visits.visitOn', { date: formatDate(visit.startedAt) });
  return (
    <li>
      <Card aria-label={heading} role="group" data-testid="visit">
        <CardHeader className="flex-row flex-wrap items-start justify-between gap-2">
          <div className="grid gap-1">
            <h2 className="flex items-center gap-2 text-lg font-semibold">
              <CalendarClock aria-hidden="true" className="size-5 shrink-0 text-primary" />
              {heading}
            </h2>
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <Stethoscope aria-hidden="true" className="size-4 shrink-0" />
              {visit.physician} ·{' '}
              {t(APPLICATION_TYPE_WORDS[visit.applicationType] ?? 'dashboard.visits.type.other')}
            </p>
          </div>
          <DecisionBadge visit={visit} />
        </CardHeader>
        <CardContent className="grid gap-3 text-sm">
          {visit.decision === 'approved' && (
            <>
              <p>{t('dashboard.visits.approvedOn', { date: formatDate(visit.decidedAt) })}</p>
              {visit.recommendationDocumentId ? (
                <Button asChild className="w-full sm:w-fit">
                  <a
                    href={documentViewUrl(visit.recommendationDocumentId)}
                    download="physician-recommendation.pdf"
                  >
                    <Download aria-hidden="true" />
                    {t('dashboard.visits.download')}
                  </a>
                </Button>
              ) : (
                <p className="text-muted-foreground">{t('dashboard.visits.preparing')}</p>
              )}
            </>
          )}
          {visit.decision === 'not_approved' && (
            <p className="break-words">
              {visit.decisionReason
                ? t('dashboard.visits.notApprovedOnReason', {
                    date: formatDate(visit.decidedAt),
                    reason: visit.decisionReason,
                  })
                : t('dashboard.visits.notApprovedOn', { date: formatDate(visit.decidedAt) })}
            </p>
          )}
          {visit.decision === null && (
            <p className="text-muted-foreground">
              {t(visit.endedAt ? 'dashboard.visits.endedNoDecision' : 'dashboard.visits.ongoing')}
            </p>
          )}
        </CardContent>
      </Card>
    </li>
  );
}

export function VisitHistoryPage() {
  const t = useT();
  const visits = useVisits();
  return (
    <div className="mx-auto grid w-full max-w-3xl grid-cols-1 gap-6 px-4 py-8">
      <title>{t('dashboard.visits.pageTitle', { brand: BRAND_NAME })}</title>
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold text-primary sm:text-3xl">
          {t('dashboard.visits.heading')}
        </h1>
        <p className="text-muted-foreground">{t('dashboard.visits.intro')}</p>
      </div>
      {visits.isPending ? (
        <div className="flex justify-center p-8">
          <Spinner label={t('dashboard.visits.loading')} />
        </div>
      ) : visits.isError ? (
        <p role="alert" className="text-destructive">
          {t('dashboard.visits.loadFailed')}
        </p>
      ) : visits.data.visits.length === 0 ? (
        <Card>
          <CardContent className="grid gap-3 pt-6 text-sm">
            <p>{t('dashboard.visits.none')}</p>
            <Button asChild variant="outline" className="w-full sm:w-fit">
              <Link to="/patient/dashboard">{t('dashboard.visits.toDashboard')}</Link>
            </Button>
          </CardContent>
        </Card>
      ) : (
        <ul className="grid gap-4" aria-label={t('dashboard.visits.listLabel')}>
          {visits.data.visits.map((v) => (
            <VisitCard key={v.id} visit={v} />
          ))}
        </ul>
      )}
    </div>
  );
}
