import { ChevronLeft, ChevronRight, Download } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/data-states';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { useAppConfig } from '@/features/app-config/api/app-config';
import { AreaTitle } from '@/features/staff-console/area-title';
import { downloadFile } from '@/features/staff-documents/api/download';
import { type AuditAction, isAuditAction } from '../../../../shared/audit-actions';
import { AUDIT_DEFAULT_PAGE_SIZE, AUDIT_PAGE_SIZES } from '../../../../shared/schemas/audit';
import {
  type AuditFilterValues,
  auditExportUrl,
  auditQueryString,
  EMPTY_AUDIT_FILTERS,
  useAuditPage,
} from '../api/audit';
import { AuditFilters } from './audit-filters';
import { AuditTable } from './audit-table';

/** The filters, page and page size as the address holds them. */
function readParams(params: URLSearchParams) {
  const action = params.get('action') ?? '';
  const filters: AuditFilterValues = {
    actorId: params.get('actorId') ?? '',
    patientId: params.get('patientId') ?? '',
    action: isAuditAction(action) ? (action as AuditAction) : '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
  };
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const size = Number(params.get('pageSize'));
  const pageSize = (AUDIT_PAGE_SIZES as readonly number[]).includes(size)
    ? size
    : AUDIT_DEFAULT_PAGE_SIZE;
  return { filters, page, pageSize };
}

/**
 * The Audit Trail (issue 13), for master admins: who did what, when, from which address, on
 * which record and about which patient, newest first, with the filtered rows as CSV. The
 * filters live in the address, so "Who read this record?" is a link.
 */
export function AuditTrailPage() {
  const [params, setParams] = useSearchParams();
  const { filters, page, pageSize } = readParams(params);
  const trail = useAuditPage(filters, page, pageSize);
  const timeZone = useAppConfig().data?.clinicTimeZone ?? 'America/Chicago';
  const [exporting, setExporting] = useState(false);

  const go = (next: AuditFilterValues, nextPage = 1, nextSize = pageSize) =>
    setParams(
      new URLSearchParams(
        auditQueryString(
          next,
          nextPage,
          nextSize === AUDIT_DEFAULT_PAGE_SIZE ? undefined : nextSize,
        ).slice(1),
      ),
      { replace: true },
    );
  const filtered = Object.values(filters).some(Boolean);
  const total = trail.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));

  const exportCsv = async () => {
    setExporting(true);
    await downloadFile(auditExportUrl(filters), 'audit-trail.csv');
    setExporting(false);
  };

  return (
    <div className="mx-auto grid w-full max-w-7xl grid-cols-1 gap-6 px-4 py-8">
      <AreaTitle area="audit" />
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold text-primary sm:text-3xl">Audit Trail</h1>
        <p className="text-sm text-muted-foreground">
          Every sign-in, change and read of patient data: who did it, when, from which address and
          on which record. Choose a patient to see who has read their record.
        </p>
      </div>

      <Card>
        <CardHeader>
          <CardTitle>Filters</CardTitle>
          <CardDescription>
            Days are in the clinic&apos;s time zone ({timeZone}); both days are included.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <AuditFilters
            value={filters}
            patient={trail.data?.patient ?? null}
            onChange={(next) => go(next)}
          />
          <div className="flex flex-wrap items-center gap-3">
            <Button onClick={exportCsv} disabled={exporting || trail.isError}>
              <Download aria-hidden="true" />
              {exporting ? 'Exporting…' : 'Export CSV'}
            </Button>
            {filtered && (
              <Button variant="outline" onClick={() => go(EMPTY_AUDIT_FILTERS)}>
                Clear filters
              </Button>
            )}
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Entries</CardTitle>
          <CardDescription aria-live="polite">
            {trail.data
              ? `${total.toLocaleString('en-US')} ${total === 1 ? 'entry' : 'entries'}${filtered ? (total === 1 ? ' matches the filters' : ' match the filters') : ''}, newest first.`
              : 'Newest first.'}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {trail.isPending ? (
            <LoadingState label="Loading the audit trail" />
          ) : trail.isError ? (
            <ErrorState
              error={trail.error}
              fallback="Could not load the audit trail."
              onRetry={() => trail.refetch()}
            />
          ) : trail.data.entries.length === 0 ? (
            <EmptyState title="No Entries">
              {filtered ? 'Nothing matches these filters.' : 'Nothing has been recorded yet.'}
            </EmptyState>
          ) : (
            <AuditTable entries={trail.data.entries} timeZone={timeZone} />
          )}
          <nav
            aria-label="Audit trail pages"
            className="flex flex-wrap items-center justify-between gap-3"
          >
            <div className="flex items-center gap-2">
              <Label htmlFor="audit-page-size" className="whitespace-nowrap">
                Rows per page
              </Label>
              <Select
                id="audit-page-size"
                className="w-24"
                value={String(pageSize)}
                onChange={(e) => go(filters, 1, Number(e.target.value))}
              >
                {AUDIT_PAGE_SIZES.map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </Select>
            </div>
            <div className="flex items-center gap-2">
              <Button
                variant="outline"
                size="sm"
                disabled={page <= 1}
                onClick={() => go(filters, page - 1)}
              >
                <ChevronLeft aria-hidden="true" />
                Newer
              </Button>
              <span className="text-sm whitespace-nowrap tabular-nums">
                Page {page} of {pages}
              </span>
              <Button
                variant="outline"
                size="sm"
                disabled={page >= pages}
                onClick={() => go(filters, page + 1)}
              >
                Older
                <ChevronRight aria-hidden="true" />
              </Button>
            </div>
          </nav>
        </CardContent>
      </Card>
    </div>
  );
}
