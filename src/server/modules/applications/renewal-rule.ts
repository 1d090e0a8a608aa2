import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { countsForApplication, type RenewalRule, renewalRuleFor } from '../../../shared/renewal.js';
import type { Executor } from '../../db/client.js';
import { type ApplicationRow, applications, documents } from '../../db/schema/index.js';
import { filedForApplication } from '../documents/queries.js';

// The renewal rule (src/shared/renewal.ts) read from the records: which of the patient's
// documents count for an application's intake.

/** The rule of `application`: null unless it follows one of the patient's approvals. */
export async function renewalRuleOf(
  db: Executor,
  application: Pick<ApplicationRow, 'id' | 'patientId' | 'createdAt'>,
): Promise<RenewalRule | null> {
  const history = await db
    .select({
      id: applications.id,
      status: applications.status,
      createdAt: applications.createdAt,
      approvedAt: applications.approvedAt,
    })
    .from(applications)
    .where(eq(applications.patientId, application.patientId));
  return renewalRuleFor(
    { id: application.id, createdAt: application.createdAt.toISOString() },
    history.map((a) => ({
      ...a,
      createdAt: a.createdAt.toISOString(),
      approvedAt: a.approvedAt?.toISOString() ?? null,
    })),
  );
}

/**
 * The categories among `categories` with a current document that counts for the application
 * (filed with it, or for a renewal the patient's documents new enough).
 */
export async function countingCategories(
  db: Executor,
  application: Pick<ApplicationRow, 'id' | 'patientId' | 'createdAt'>,
  categories: readonly string[],
): Promise<string[]> {
  const renewal = await renewalRuleOf(db, application);
  if (!renewal) {
    const rows = await db
      .selectDistinct({ category: documents.category })
      .from(documents)
      .where(filedForApplication(application, categories));
    return rows.map((r) => r.category);
  }
  const rows = await db
    .select({
      category: documents.category,
      status: documents.status,
      applicationId: documents.applicationId,
      uploadedAt: documents.uploadedAt,
    })
    .from(documents)
    .where(
      and(
        eq(documents.patientId, application.patientId),
        inArray(documents.category, [...categories]),
        isNull(documents.replacedAt),
      ),
    )
    .orderBy(desc(documents.uploadedAt));
  const counting = rows.filter((d) =>
    countsForApplication({ ...d, uploadedAt: d.uploadedAt.toISOString() }, application, renewal),
  );
  return [...new Set(counting.map((d) => d.category))];
}
