import { Eye, FileText } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { formatDate } from '@/lib/format';
import { useT } from '@/lib/i18n/use-t';
import {
  type DashboardDocumentType,
  type DocumentCategory,
  formatKb,
  requiredDocumentsProgress,
} from '../../../../shared/documents';
import type { ApplicationView } from '../../../../shared/schemas/application';
import { type DashboardDocument, documentViewUrl, useApplicationDocuments } from '../api/documents';
import { CATEGORY_NAME_KEYS, DASHBOARD_TYPE_KEYS, progressSentence } from '../labels';
import { DocumentStatusBadge } from './document-status-badge';
import { UploadDocumentDialog } from './upload-document-dialog';

const typeKey = (doc: DashboardDocument) =>
  DASHBOARD_TYPE_KEYS[doc.type as DashboardDocumentType] ??
  CATEGORY_NAME_KEYS[doc.category as DocumentCategory];

/** The dashboard's Documents tab (patient-side.md §2.8): progress, upload dialog and list. */
export function DashboardDocumentsTab({ application }: { application: ApplicationView | null }) {
  const t = useT();
  const typeLabel = (doc: DashboardDocument) => {
    const key = typeKey(doc);
    return key ? t(key) : doc.type;
  };
  const documents = useApplicationDocuments(application?.id);
  const list = documents.data ?? [];
  // What the patient needs, not the spec's "X/10" (issue 21): the ten is a ceiling, not a goal.
  const progress = requiredDocumentsProgress(list.map((d) => d.category));

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <h2 className="text-lg font-semibold">{t('documents.tab.title')}</h2>
          <CardDescription data-testid="required-documents-progress">
            {application ? progressSentence(t, progress) : t('documents.tab.belongs')}
          </CardDescription>
        </div>
        <UploadDocumentDialog applicationId={application?.id ?? null} count={list.length} />
      </CardHeader>
      <CardContent className="grid gap-4">
        {!application ? (
          <p className="text-sm text-muted-foreground">{t('documents.tab.noApplication')}</p>
        ) : documents.isPending ? (
          <Spinner label={t('documents.tab.loading')} />
        ) : documents.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {t('documents.tab.failed')}
          </p>
        ) : list.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('documents.tab.empty')}</p>
        ) : (
          <ul className="grid gap-3">
            {list.map((doc) => (
              <li
                key={doc.id}
                className="flex flex-col gap-3 rounded-md border border-border p-3 sm:flex-row sm:items-center"
              >
                <FileText
                  aria-hidden="true"
                  className="hidden size-5 shrink-0 text-primary sm:block"
                />
                <div className="min-w-0 flex-1">
                  <p className="font-medium break-all">{doc.fileName}</p>
                  <p className="text-xs text-muted-foreground">
                    {typeLabel(doc)} · {formatKb(doc.size)} · {formatDate(doc.uploadedAt)}
                  </p>
                </div>
                <div className="flex items-center gap-2">
                  <DocumentStatusBadge status={doc.status} />
                  <Button asChild variant="outline" size="sm">
                    <a href={documentViewUrl(doc.id)} target="_blank" rel="noopener noreferrer">
                      <Eye aria-hidden="true" />
                      {t('documents.view')}
                      <span className="sr-only">
                        {' '}
                        {t('documents.opensNewTab', { name: doc.fileName })}
                      </span>
                    </a>
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
        <Button asChild variant="link" className="w-fit px-0">
          <Link to="/patient/documents">{t('documents.tab.open')}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
