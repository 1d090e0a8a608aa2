import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { PatientVisit } from '../../../shared/schemas/visits.js';
import type { Executor } from '../../db/client.js';
import { applications, consultations, documents, users } from '../../db/schema/index.js';

// GET /api/patient/visits (issue 21): the signed-in patient's consultations, newest first,
// each with its physician, decision and the recommendation issued for its application. Only
// rows whose patient is this patient are read: nobody else's visit can appear.

export async function patientVisits(db: Executor, patientId: string): Promise<PatientVisit[]> {
  const rows = await db
    .select({
      id: consultations.id,
      applicationId: consultations.applicationId,
      startedAt: consultations.startedAt,
      endedAt: consultations.endedAt,
      outcome: consultations.outcome,
      outcomeAt: consultations.outcomeAt,
      outcomeReason: consultations.outcomeReason,
      doctorFirstName: users.firstName,
      doctorLastName: users.lastName,
      applicationType: applications.type,
    })
    .from(consultations)
    .innerJoin(users, eq(users.id, consultations.doctorId))
    .innerJoin(applications, eq(applications.id, consultations.applicationId))
    .where(eq(consultations.patientId, patientId))
    .orderBy(desc(consultations.startedAt));
  if (rows.length === 0) return [];

  // The clinic issues one recommendation per approved application; a re-issued one replaces
  // the earlier row, so the current one is the row not replaced.
  const recommendations = await db
    .select({ id: documents.id, applicationId: documents.applicationId })
    .from(documents)
    .where(
      and(
        eq(documents.patientId, patientId),
        eq(documents.category, 'physician_recommendation'),
        isNull(documents.replacedAt),
        inArray(documents.applicationId, [...new Set(rows.map((r) => r.applicationId))]),
      ),
    );
  const recommendationOf = new Map(recommendations.map((d) => [d.applicationId, d.id]));

  return rows.map((r) => {
    const decision = r.outcome === 'approved' || r.outcome === 'not_approved' ? r.outcome : null;
    return {
      id: r.id,
      startedAt: r.startedAt.toISOString(),
      endedAt: r.endedAt?.toISOString() ?? null,
      physician: `Dr. ${r.doctorFirstName} ${r.doctorLastName}`.trim(),
      applicationType: r.applicationType,
      decision,
      decidedAt: decision ? (r.outcomeAt?.toISOString() ?? null) : null,
      decisionReason: decision === 'not_approved' ? r.outcomeReason : null,
      recommendationDocumentId:
        decision === 'approved' ? (recommendationOf.get(r.applicationId) ?? null) : null,
    };
  });
}
