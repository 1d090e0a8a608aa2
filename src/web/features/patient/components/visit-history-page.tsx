import { CalendarClock, Download, Stethoscope } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { documentViewUrl } from '@/features/documents/api/documents';
import { BRAND_NAME } from '@/lib/brand';
import { formatDate } from '@/lib/format';
import type { PatientVisit } from '../../../../shared/schemas/visits';
import { useVisits } from '../api/visits';

// /patient/consultation (issue 21, replacing the "being built" placeholder): the patient's
// visit history, newest first: each visit's date, physician, decision and, once approved, the
// signed recommendation to download again.

const APPLICATION_TYPE_WORDS: Record<string, string> = {
  new: 'New license',
  renewal: 'Renewal',
};

function DecisionBadge({ visit }: { visit: PatientVisit }) {
  if (visit.decision === 'approved')
    return <Badge className="bg-green-700 text-white hover:bg-green-700">Approved</Badge>;
  if (visit.decision === 'not_approved')
    return <Badge className="bg-red-700 text-white hover:bg-red-700">Not approved</Badge>;
  return <Badge variant="outline">{visit.endedAt ? 'Awaiting decision' : 'In progress'}</Badge>;
}

function VisitCard({ visit }: { visit: PatientVisit }) {
  const heading = `Visit on ${formatDate(visit.startedAt)}`;
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
              {visit.physician} · {APPLICATION_TYPE_WORDS[visit.applicationType] ?? 'Application'}
            </p>
          </div>
          <DecisionBadge visit={visit} />
        </CardHeader>
        <CardContent className="grid gap-3 text-sm">
          {visit.decision === 'approved' && (
            <>
              <p>Your physician approved your recommendation on {formatDate(visit.decidedAt)}.</p>
              {visit.recommendationDocumentId ? (
                <Button asChild className="w-full sm:w-fit">
                  <a
                    href={documentViewUrl(visit.recommendationDocumentId)}
                    download="physician-recommendation.pdf"
                  >
                    <Download aria-hidden="true" />
                    Download the recommendation (PDF)
                  </a>
                </Button>
              ) : (
                <p className="text-muted-foreground">
                  The clinic is preparing the recommendation form.
                </p>
              )}
            </>
          )}
          {visit.decision === 'not_approved' && (
            <p className="break-words">
              Your physician did not approve a recommendation on {formatDate(visit.decidedAt)}
              {visit.decisionReason ? `: ${visit.decisionReason}` : '.'}
            </p>
          )}
          {visit.decision === null && (
            <p className="text-muted-foreground">
              {visit.endedAt
                ? 'The consultation has ended; your physician has not recorded a decision yet.'
                : 'This consultation is in progress.'}
            </p>
          )}
        </CardContent>
      </Card>
    </li>
  );
}

export function VisitHistoryPage() {
  const visits = useVisits();
  return (
    <div className="mx-auto grid w-full max-w-3xl grid-cols-1 gap-6 px-4 py-8">
      <title>{`Your visits | ${BRAND_NAME}`}</title>
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold text-primary sm:text-3xl">Your visits</h1>
        <p className="text-muted-foreground">
          Each consultation with a physician, its decision and its recommendation.
        </p>
      </div>
      {visits.isPending ? (
        <div className="flex justify-center p-8">
          <Spinner label="Loading your visits" />
        </div>
      ) : visits.isError ? (
        <p role="alert" className="text-destructive">
          Your visits could not be loaded. Please refresh the page.
        </p>
      ) : visits.data.visits.length === 0 ? (
        <Card>
          <CardContent className="grid gap-3 pt-6 text-sm">
            <p>You have not had a consultation yet.</p>
            <Button asChild variant="outline" className="w-full sm:w-fit">
              <Link to="/patient/dashboard">Go to your dashboard</Link>
            </Button>
          </CardContent>
        </Card>
      ) : (
        <ul className="grid gap-4" aria-label="Your visits, newest first">
          {visits.data.visits.map((v) => (
            <VisitCard key={v.id} visit={v} />
          ))}
        </ul>
      )}
    </div>
  );
}
