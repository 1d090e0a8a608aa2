import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '@/lib/api-client';
import { type UploadOptions, uploadForm } from '@/lib/upload';
import type {
  DashboardDocumentType,
  DocumentCategory,
  DocumentStatus,
} from '../../../../shared/documents';
import type { ApplicationType } from '../../../../shared/fees';

/** GET /api/patient/documents: the current document of each category (§3 Patient document). */
export interface PatientDocument {
  id: string;
  category: DocumentCategory;
  status: DocumentStatus;
  name: string;
  /** MIME type. */
  type: string;
  size: number;
  uploadedAt: string;
  applicationId: string | null;
  reviewedAt: string | null;
  reviewNote: string | null;
}

/** GET /api/documents/:applicationId: the dashboard's shape (§3 Document (dashboard)). */
export interface DashboardDocument {
  id: string;
  type: DashboardDocumentType | DocumentCategory;
  fileName: string;
  uploadedAt: string;
  category: DocumentCategory;
  status: DocumentStatus;
  size: number;
  mimeType: string;
}

export interface ApplicationDocumentStatus {
  applicationId: string | null;
  requiresDocuments: boolean;
  missingCategories: DocumentCategory[];
  /** A renewal (issue 22): on file, but from before it, so to upload anew. */
  renewalNeeds?: DocumentCategory[];
}

export const PATIENT_DOCUMENTS_KEY = '/api/patient/documents';
export const APPLICATION_STATUS_KEY = '/api/patient/application-status';

export const patientDocumentsQuery = () =>
  queryOptions({
    queryKey: [PATIENT_DOCUMENTS_KEY],
    queryFn: (context) => getJson<PatientDocument[]>(PATIENT_DOCUMENTS_KEY, context),
  });

export const usePatientDocuments = () => useQuery(patientDocumentsQuery());

export const useApplicationDocumentStatus = () =>
  useQuery({
    queryKey: [APPLICATION_STATUS_KEY],
    queryFn: (context) => getJson<ApplicationDocumentStatus>(APPLICATION_STATUS_KEY, context),
  });

export const applicationDocumentsKey = (applicationId: string) => [
  `/api/documents/${applicationId}`,
];

export const useApplicationDocuments = (applicationId: string | undefined) =>
  useQuery({
    queryKey: applicationDocumentsKey(applicationId ?? 'none'),
    queryFn: (context) => getJson<DashboardDocument[]>(`/api/documents/${applicationId}`, context),
    enabled: !!applicationId,
  });

/** The upload center's path: one current document per category, replaced in place. */
export function uploadPatientDocument(
  args: { file: File; category: DocumentCategory; applicationType?: ApplicationType },
  opts?: UploadOptions,
) {
  const form = new FormData();
  form.append('category', args.category);
  form.append('name', args.file.name);
  if (args.applicationType) form.append('applicationType', args.applicationType);
  form.append('document', args.file);
  return uploadForm<PatientDocument>('/api/patient/upload-document', form, opts);
}

/** The dashboard's path: a document added to a named application. */
export function uploadApplicationDocument(
  args: { file: File; type: DashboardDocumentType; applicationId: string },
  opts?: UploadOptions,
) {
  const form = new FormData();
  form.append('type', args.type);
  form.append('applicationId', args.applicationId);
  form.append('document', args.file);
  return uploadForm<DashboardDocument>('/api/documents/upload', form, opts);
}

export const documentViewUrl = (id: string) =>
  `/api/patient/documents/${encodeURIComponent(id)}/view`;

/**
 * Every key that lists documents, and the journey that counts them: refreshed together after
 * an upload or a review.
 */
export const DOCUMENT_LIST_PREFIXES = [
  PATIENT_DOCUMENTS_KEY,
  APPLICATION_STATUS_KEY,
  '/api/documents/',
  '/api/patient/journey',
];

/** Refreshes every document list after an upload. */
export function invalidateDocumentLists(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => {
      const key = query.queryKey[0];
      return typeof key === 'string' && DOCUMENT_LIST_PREFIXES.some((p) => key.startsWith(p));
    },
  });
}
