import { Download } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ErrorState, LoadingState } from '@/components/ui/data-states';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { formatCalendarDate } from '@/lib/format';
import { CATEGORY_DEFINITIONS } from '../../../../shared/documents';
import { formatUsd } from '../../../../shared/money';
import type { StateApplicationDetail } from '../../../../shared/schemas/state-application';
import {
  notSubmitted,
  OMMA_CHECKLIST,
  type OmmaChecklistItem,
} from '../../../../shared/state-application';
import { packetPath, useDeskStep, useStateApplication } from '../api/state-applications';
import { CardMailedForm, DecisionForm, RefundStateFeeForm, SubmittedForm } from './desk-forms';
import { DaysLeft, StatusBadge } from './status-badge';

const STATE_FEE_WORDS: Record<StateApplicationDetail['stateFee']['status'], string> = {
  held: 'held for OMMA',
  paid: 'paid to OMMA',
  refunding: 'refund under way',
  refunded: 'refunded to the patient',
  none: 'none collected',
};

const date = (iso: string | null) => (iso ? formatCalendarDate(iso) : '—');

function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
      {items.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-medium text-muted-foreground">{term}</dt>
          <dd className="wrap-anywhere">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * OMMA's common rejection reasons, ticked one by one before the submission. A tick shows at
 * once and the whole set is saved; a refused save puts back what the server holds.
 */
function Checklist({ detail }: { detail: StateApplicationDetail }) {
  const save = useDeskStep(detail.id, 'checklist');
  const [checked, setChecked] = useState<OmmaChecklistItem[]>(detail.checklist);
  const toggle = (item: OmmaChecklistItem, on: boolean) => {
    const next = on ? [...checked, item] : checked.filter((c) => c !== item);
    setChecked(next);
    save.mutate(
      { checked: next },
      {
        onError: (err) => {
          setChecked(detail.checklist);
          toast({
            variant: 'destructive',
            title: errorMessage(err, 'Could not save the checklist'),
          });
        },
      },
    );
  };
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-base font-semibold">OMMA checklist</legend>
      {OMMA_CHECKLIST.map((item) => (
        <label key={item.id} className="inline-flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            className="mt-0.5 size-4 shrink-0 accent-primary"
            checked={checked.includes(item.id)}
            onChange={(e) => toggle(item.id, e.target.checked)}
          />
          {item.label}
        </label>
      ))}
    </fieldset>
  );
}

/** One application on the desk: what OMMA's form asks for, the packet, and the next step. */
export function ApplicationDetail({ id, mayRefund }: { id: string; mayRefund: boolean }) {
  const query = useStateApplication(id);
  if (query.isPending) return <LoadingState label="Loading the application" />;
  if (query.isError)
    return (
      <ErrorState
        error={query.error}
        fallback="Could not load the application."
        onRetry={() => query.refetch()}
      />
    );
  const d = query.data;
  const { patient, rejection } = d;
  const waitingOnPatient = d.status === 'rejected' && (rejection?.documentsNeeded.length ?? 0) > 0;
  const canSubmit = d.status === 'preparing' || (d.status === 'rejected' && !waitingOnPatient);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{d.patientName}</CardTitle>
        <CardDescription className="flex flex-wrap items-center gap-2">
          <StatusBadge status={d.status} />
          {d.status === 'submitted' || d.status === 'approved' ? (
            <span>Submitted to OMMA on {date(d.submittedOn)}</span>
          ) : (
            <span>
              Submit by {date(d.submitBy)} · <DaysLeft status={d.status} daysLeft={d.daysLeft} />
            </span>
          )}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <section aria-label="Patient details" className="grid gap-3">
          <h3 className="text-base font-semibold">Patient details</h3>
          <Facts
            items={[
              ['Name', `${patient.firstName} ${patient.lastName}`],
              ['Date of birth', date(patient.dateOfBirth)],
              ['Address', patient.address || '—'],
              ['Phone', patient.phone ?? '—'],
              ['Email', patient.email],
              ['Licence type', d.applicationType === 'renewal' ? 'Renewal' : 'New licence'],
              ['Signed by the physician', date(d.signedOn)],
              [
                'State fee',
                `${formatUsd(d.stateFee.cents)}, ${STATE_FEE_WORDS[d.stateFee.status]}`,
              ],
              ...(d.ommaApplicationNumber
                ? ([
                    ['OMMA application', d.ommaApplicationNumber],
                    ['Submitted on', date(d.submittedOn)],
                  ] as [string, ReactNode][])
                : []),
            ]}
          />
          <Button asChild variant="outline" className="justify-self-start">
            <a href={packetPath(d.id)} download>
              <Download aria-hidden />
              Download packet (PDF)
            </a>
          </Button>
        </section>

        {rejection && d.status !== 'submitted' && d.status !== 'approved' && (
          <section
            aria-label="OMMA's rejection"
            className="grid gap-2 rounded-md border border-red-200 bg-red-50 p-3 text-sm"
          >
            <h3 className="font-semibold text-red-900">
              Rejected by OMMA on {date(rejection.rejectedOn)}
            </h3>
            <p>{rejection.reason}</p>
            <p>
              {rejection.documentsNeeded.length
                ? `Waiting for the patient to upload: ${rejection.documentsNeeded
                    .map((c) => CATEGORY_DEFINITIONS[c].name)
                    .join(', ')}.`
                : 'No document is asked of the patient.'}{' '}
              Resubmit by {date(rejection.resubmitBy)}.
            </p>
          </section>
        )}

        {(d.status === 'preparing' || d.status === 'rejected') && <Checklist detail={d} />}
        {canSubmit && <SubmittedForm id={d.id} resubmission={rejection !== null} />}
        {d.status === 'submitted' && <DecisionForm id={d.id} />}
        {d.license && (
          <section aria-label="Licence" className="grid gap-3">
            <h3 className="text-base font-semibold">Licence</h3>
            <Facts
              items={[
                ['Licence number', d.license.licenseNumber],
                ['Issued on', date(d.license.issuedOn)],
                ['Expires on', date(d.license.expiresOn)],
                ['Card mailed', date(d.cardMailedOn)],
              ]}
            />
          </section>
        )}
        {d.status === 'approved' && !d.cardMailedOn && <CardMailedForm id={d.id} />}
        {d.status === 'lapsed' && (
          <p className="text-sm font-medium text-red-800">
            The 30-day window passed before the application reached OMMA: it can no longer be
            submitted. Refund the state fee; the patient needs a new recommendation to apply.
          </p>
        )}
        {mayRefund && notSubmitted(d.status) && d.stateFee.status === 'held' && (
          <RefundStateFeeForm id={d.id} cents={d.stateFee.cents} />
        )}
      </CardContent>
    </Card>
  );
}
