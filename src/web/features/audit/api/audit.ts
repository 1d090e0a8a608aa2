import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getJson } from '@/lib/api-client';
import type { AuditAction } from '../../../../shared/audit-actions';
import type { AuditPage, AuditPatient, AuditPerson } from '../../../../shared/schemas/audit';

// The audit trail's calls (issue 13: master admins only). The filters live in the page's
// address, so a "Who read this record?" link and a reload both open the same view.

export interface AuditFilterValues {
  actorId: string;
  patientId: string;
  action: AuditAction | '';
  from: string;
  to: string;
}

export const EMPTY_AUDIT_FILTERS: AuditFilterValues = {
  actorId: '',
  patientId: '',
  action: '',
  from: '',
  to: '',
};

/** The query string of the filters that are set (and the page, when past the first). */
export function auditQueryString(filters: AuditFilterValues, page = 1, pageSize?: number) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  if (page > 1) params.set('page', String(page));
  if (pageSize) params.set('pageSize', String(pageSize));
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function useAuditPage(filters: AuditFilterValues, page: number, pageSize: number) {
  const path = `/api/admin/audit${auditQueryString(filters, page, pageSize)}`;
  return useQuery({
    queryKey: [path],
    queryFn: () => getJson<AuditPage>(path),
    // The trail grows with every action (its own reads too): a view shows what stands now,
    // not what a filter showed earlier (the app's default is never stale).
    staleTime: 0,
    // The table stays while the next page loads, instead of flashing empty.
    placeholderData: keepPreviousData,
  });
}

export function useAuditActors() {
  return useQuery({
    queryKey: ['/api/admin/audit/actors'],
    queryFn: () => getJson<{ actors: AuditPerson[] }>('/api/admin/audit/actors'),
    select: (data) => data.actors,
    staleTime: 0,
  });
}

/** Patients by name for the filter; asks only once two letters are typed. */
export function useAuditPatientSearch(q: string) {
  const text = q.trim();
  const path = `/api/admin/audit/patients?${new URLSearchParams({ q: text })}`;
  return useQuery({
    queryKey: [path],
    queryFn: () => getJson<{ patients: AuditPatient[] }>(path),
    select: (data) => data.patients,
    enabled: text.length >= 2,
  });
}

export const auditExportUrl = (filters: AuditFilterValues) =>
  `/api/admin/audit/export.csv${auditQueryString(filters)}`;
