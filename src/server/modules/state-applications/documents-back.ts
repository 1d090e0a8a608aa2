import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { documents, stateApplications } from '../../db/schema/index.js';
import { patientUserIds } from '../audit/patients.js';
import { audit } from '../audit/service.js';

// OMMA rejected an application and asked for documents (issue 22): once the patient has
// uploaded a new file of every category named, after the rejection, the application returns
// to the desk (`preparing`) to be checked and resubmitted. Called in the upload's transaction
// (documents/service.ts recordDocument), so the upload and the return land together.

export async function returnToDeskAfterUpload(
  tx: Executor,
  args: { patientId: string; category: string; actor: { id: string; role: string }; ip: string },
) {
  const waiting = await tx
    .select()
    .from(stateApplications)
    .where(
      and(
        eq(stateApplications.patientId, args.patientId),
        eq(stateApplications.status, 'rejected'),
      ),
    )
    .for('update');
  for (const row of waiting) {
    const needed = row.documentsNeeded ?? [];
    if (!needed.includes(args.category) || !row.rejectedAt) continue;
    let allBack = true;
    for (const category of needed) {
      const [fresh] = await tx
        .select({ id: documents.id })
        .from(documents)
        .where(
          and(
            eq(documents.patientId, args.patientId),
            eq(documents.category, category),
            isNull(documents.replacedAt),
            gt(documents.uploadedAt, row.rejectedAt),
          ),
        )
        .orderBy(desc(documents.uploadedAt))
        .limit(1);
      if (!fresh) allBack = false;
    }
    if (!allBack) continue;
    await tx
      .update(stateApplications)
      .set({ status: 'preparing', updatedAt: new Date() })
      .where(eq(stateApplications.id, row.id));
    await audit(tx, {
      actor: args.actor,
      action: 'state_application.documents_back',
      targetType: 'state_application',
      targetId: row.id,
      ip: args.ip,
      patientIds: await patientUserIds(tx, { profileIds: [args.patientId] }),
      details: { documents: needed },
    });
  }
}
