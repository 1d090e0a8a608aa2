import { and, eq, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { documents } from '../../db/schema/index.js';

/** Whether an application has a current (not replaced) document of a category. */
export async function hasCurrentDocument(
  db: Executor,
  applicationId: string,
  category: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: documents.id })
    .from(documents)
    .where(
      and(
        eq(documents.applicationId, applicationId),
        eq(documents.category, category),
        isNull(documents.replacedAt),
      ),
    )
    .limit(1);
  return !!row;
}

export async function countCurrentDocuments(db: Executor, applicationId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(documents)
    .where(and(eq(documents.applicationId, applicationId), isNull(documents.replacedAt)));
  return row?.n ?? 0;
}

/**
 * The patient's current, not rejected documents of these categories that belong to the
 * application: filed with it, or before there was one (the upload center). The intake gate
 * counts the required ones by it; the recommendation says whether records were provided by it.
 */
export const filedForApplication = (
  application: { id: string; patientId: string },
  categories: readonly string[],
): SQL =>
  and(
    eq(documents.patientId, application.patientId),
    or(eq(documents.applicationId, application.id), isNull(documents.applicationId)),
    inArray(documents.category, [...categories]),
    isNull(documents.replacedAt),
    ne(documents.status, 'rejected'),
  )!;

/** Whether the patient provided medical records for the application (issue 21). */
export async function medicalRecordsProvided(
  db: Executor,
  application: { id: string; patientId: string },
): Promise<boolean> {
  const [row] = await db
    .select({ id: documents.id })
    .from(documents)
    .where(filedForApplication(application, ['medical_records']))
    .limit(1);
  return !!row;
}
