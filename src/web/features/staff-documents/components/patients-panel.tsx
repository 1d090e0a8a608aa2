import { FolderOpen, ScrollText, Search } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { CONSOLE_AREAS, mayOpen } from '@/app/staff-nav';
import { bornOn } from '@/components/patient-identity';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/data-states';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useAuth } from '@/features/auth/api/session';
import { formatDate } from '@/lib/format';
import { APPLICATION_TYPE_LABELS } from '../../../../shared/fees';
import { PAYMENT_STATUS_LABELS, paymentStatusTone } from '../../../../shared/payment-status-labels';
import { consultationPath } from '../../consultation/consultation-path';
import { usePatients } from '../api/staff-documents';
import { useDebounced } from '../use-debounced';

const STATUS_LABELS: Record<string, string> = {
  pending: 'Pending',
  payment_completed: 'Payment Completed',
  in_review: 'In Review',
  documents_collected: 'Documents Collected',
  approved: 'Approved',
  rejected: 'Not Approved',
};

/** The patients list (GET /api/admin/patients?search=), each with a link to their record. */
export function PatientsPanel() {
  const [search, setSearch] = useState('');
  const settled = useDebounced(search);
  const patients = usePatients(settled);
  const { user } = useAuth();
  // Master admins see who has read each patient's record (issue 13's audit trail).
  const seesAuditTrail = !!user && mayOpen('audit')(user);

  return (
    <div className="grid grid-cols-1 gap-4">
      <search className="grid grid-cols-1 gap-1.5 sm:max-w-md">
        <Label htmlFor="patients-search">Search patients</Label>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            id="patients-search"
            type="search"
            className="pl-9"
            placeholder="Name or email"
            maxLength={100}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
      </search>
      {patients.isPending ? (
        <LoadingState label="Loading patients" />
      ) : patients.isError ? (
        <ErrorState
          error={patients.error}
          fallback="Could not load the patients."
          onRetry={() => patients.refetch()}
        />
      ) : patients.data.length === 0 ? (
        <EmptyState
          title={settled.trim() ? 'No patients match this search.' : 'No patients yet.'}
        />
      ) : (
        <ul aria-label="Patients" className="grid grid-cols-1 gap-3">
          {patients.data.map((p) => {
            const app = p.latestApplication;
            const name = `${p.firstName} ${p.lastName}`;
            return (
              <li
                key={p.id}
                className="grid grid-cols-1 gap-3 rounded-md border border-border p-3 md:grid-cols-[1fr_auto] md:items-center"
              >
                <div className="grid min-w-0 gap-1">
                  <p className="flex flex-wrap items-center gap-2">
                    <span className="font-semibold">{name}</span>
                    {app ? (
                      <>
                        <Badge variant="outline">{APPLICATION_TYPE_LABELS[app.type]}</Badge>
                        <Badge variant="outline">{STATUS_LABELS[app.status] ?? app.status}</Badge>
                        <Badge variant={paymentStatusTone(app.paymentStatus)}>
                          {PAYMENT_STATUS_LABELS[app.paymentStatus]}
                        </Badge>
                      </>
                    ) : (
                      <Badge variant="outline">No application</Badge>
                    )}
                  </p>
                  <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-muted-foreground">
                    <span>{bornOn(p.dateOfBirth)}</span>
                    <span className="break-all">{p.email}</span>
                    {p.phone && <span>{p.phone}</span>}
                    {(p.city || p.state) && (
                      <span>{[p.city, p.state].filter(Boolean).join(', ')}</span>
                    )}
                    <span>Registered {formatDate(p.createdAt)}</span>
                    <span>
                      {p.documentCount} {p.documentCount === 1 ? 'document' : 'documents'}
                    </span>
                  </p>
                </div>
                <div className="flex flex-wrap gap-2">
                  <Button asChild size="sm" variant="outline" className="w-fit">
                    <Link
                      to={consultationPath({ patientId: p.id })}
                      aria-label={`Patient Records: ${name}`}
                    >
                      <FolderOpen aria-hidden="true" />
                      Patient Records
                    </Link>
                  </Button>
                  {seesAuditTrail && (
                    <Button asChild size="sm" variant="ghost" className="w-fit">
                      <Link
                        to={`${CONSOLE_AREAS.audit.path}?patientId=${p.userId}`}
                        aria-label={`Who read the record of ${name}?`}
                      >
                        <ScrollText aria-hidden="true" />
                        Who read this record?
                      </Link>
                    </Button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
