import { and, eq, isNull, sql } from 'drizzle-orm';
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
