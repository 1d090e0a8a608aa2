import { AlertTriangle, CheckCircle2, Lock, Send } from 'lucide-react';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { BRAND_NAME } from '@/lib/brand';
import { useT } from '@/lib/i18n/use-t';
import {
  CATEGORY_DEFINITIONS,
  DOCUMENT_CATEGORIES,
  requiredDocumentsProgress,
} from '../../../../shared/documents';
import { useApplicationDocumentStatus, usePatientDocuments } from '../api/documents';
import { progressSentence } from '../labels';
import { CategoryCard } from './category-card';

export const UPLOAD_CENTER_CATEGORIES = DOCUMENT_CATEGORIES.map(
  (c) => CATEGORY_DEFINITIONS[c],
).filter((d) => d.inUploadCenter);

/** /patient/documents: the Document Upload Center (patient-side.md §2.11). */
export function DocumentsPage() {
  const t = useT();
  const documents = usePatientDocuments();
  const status = useApplicationDocumentStatus();
  const byCategory = new Map((documents.data ?? []).map((d) => [d.category, d]));
  const uploadedCount = UPLOAD_CENTER_CATEGORIES.filter((c) => byCategory.has(c.id)).length;
  // A renewal asks anew for the proof of residency (and an old photo) its licence was issued on.
  const renewalNeeds: readonly string[] = status.data?.renewalNeeds ?? [];
  // Counted against what the patient needs (QUEUE_REQUIRED_DOCUMENTS), as the wizard does.
  const progress = requiredDocumentsProgress(
    [...byCategory.keys()].filter((c) => !renewalNeeds.includes(c)),
  );
  // The dashboard's "Upload a new file" names a category: bring its card into view.
  const [params] = useSearchParams();
  const wanted = UPLOAD_CENTER_CATEGORIES.find((c) => c.id === params.get('category'))?.id;
  const loaded = !documents.isPending;
  useEffect(() => {
    if (!wanted || !loaded) return;
    const card = document.getElementById(`category-${wanted}`);
    card?.scrollIntoView({ block: 'center' });
    card?.focus({ preventScroll: true });
  }, [wanted, loaded]);

  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-6 px-4 py-8">
      <title>{t('documents.pageTitle', { brand: BRAND_NAME })}</title>
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold text-primary sm:text-3xl">{t('documents.heading')}</h1>
        <p className="text-muted-foreground">{t('documents.intro')}</p>
      </div>

      {loaded && (
        <div role="status" data-testid="required-documents-progress">
          {status.data?.requiresDocuments ? (
            <div className="flex items-start gap-3 rounded-md border border-amber-300 bg-amber-50 p-4 text-amber-950">
              <AlertTriangle aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
              <div className="grid gap-1 text-sm">
                <p className="font-semibold">{t('documents.needsDocuments')}</p>
                <p>{progressSentence(t, progress)}</p>
              </div>
            </div>
          ) : (
            progress.missing.length === 0 && (
              <p className="flex items-start gap-2 text-sm text-green-800">
                <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                {progressSentence(t, progress)} {t('documents.medicalOptional')}
              </p>
            )
          )}
        </div>
      )}

      {renewalNeeds.length > 0 && (
        <div
          className="grid gap-1 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
          data-testid="renewal-needs"
        >
          <p className="font-semibold">{t('documents.renewal.title')}</p>
          {renewalNeeds.includes('proof_of_residency') && <p>{t('documents.renewal.residency')}</p>}
          {renewalNeeds.includes('photo') && <p>{t('documents.renewal.photo')}</p>}
        </div>
      )}

      {documents.isPending ? (
        <div className="flex justify-center p-8">
          <Spinner label={t('documents.loading')} />
        </div>
      ) : documents.isError ? (
        <p role="alert" className="text-destructive">
          {t('documents.loadFailed')}
        </p>
      ) : (
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
          {UPLOAD_CENTER_CATEGORIES.map((definition) => (
            <div
              key={definition.id}
              id={`category-${definition.id}`}
              tabIndex={-1}
              className={
                definition.id === wanted
                  ? 'grid rounded-xl ring-2 ring-amber-500 ring-offset-2 outline-none'
                  : 'grid'
              }
            >
              <CategoryCard definition={definition} document={byCategory.get(definition.id)} />
            </div>
          ))}
        </div>
      )}

      <div className="flex flex-col gap-4 border-t border-border pt-6 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-start gap-2 text-sm text-muted-foreground">
          <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t('documents.encrypted')}
        </p>
        <Button
          disabled={uploadedCount === 0}
          onClick={() =>
            toast({
              title: t('documents.submitted.title'),
              description: t('documents.submitted.description'),
            })
          }
        >
          <Send aria-hidden="true" />
          {t('documents.submit')}
        </Button>
      </div>
    </div>
  );
}
