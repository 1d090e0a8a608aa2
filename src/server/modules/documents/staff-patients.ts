import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { ApplicationType } from '../../../shared/fees.js';
import { toLanguage } from '../../../shared/i18n/languages.js';
import type { CurrentUser } from '../../../shared/schemas/auth.js';
import type { PatientRecord, StaffPatient } from '../../../shared/schemas/staff-documents.js';
import type { AppContext } from '../../context.js';
import {
  applications,
  consultations,
  documents,
  patientProfiles,
  users,
} from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { findOpenApplication, viewsFor } from '../applications/service.js';
import { auditListRead, type ListReader } from '../audit/list-reads.js';
import { audit } from '../audit/service.js';
import { assertMayReadPatient } from '../consultations/access.js';
import { toPatientProfile } from '../users/mappers.js';
import { chartConsultations } from './chart-consultations.js';
import { currentStaffDocuments, likePattern, patientScope } from './staff-service.js';

// The patients list and the record a physician reads during the consultation (staff-and-video.md
// §2 Doctor Consultation Interface, §3 Patient; ruling 3: `documents`, a doctor only for the
// patient being seen; ruling 17: each read is audited).

export const PATIENT_NOT_FOUND = 'Patient record not found';

type LatestApplication = NonNullable<StaffPatient['latestApplication']>;

export async function listPatients(
  ctx: AppContext,
  args: { user: CurrentUser; search?: string; reader: ListReader },
): Promise<StaffPatient[]> {
  const { user } = args;
  const scope = await patientScope(ctx.db, user, patientProfiles.id);
  const search = args.search ? likePattern(args.search) : null;
  const rows =
    scope === null
      ? []
      : await ctx.db
          .select({ profile: patientProfiles, email: users.email })
          .from(patientProfiles)
          .innerJoin(users, eq(users.id, patientProfiles.userId))
          .where(
            and(
              // Ruling 18: a deactivated account is gone from lists.
              isNull(users.deactivatedAt),
              scope,
              search
                ? or(
                    sql`(${patientProfiles.firstName} || ' ' || ${patientProfiles.lastName}) ilike ${search}`,
                    sql`${users.email} ilike ${search}`,
                  )
                : undefined,
            ),
          )
          .orderBy(desc(patientProfiles.createdAt), asc(patientProfiles.id));

  const ids = rows.map((r) => r.profile.id);
  const latest = new Map<string, LatestApplication>();
  const counts = new Map<string, number>();
  if (ids.length) {
    const apps = await ctx.db
      .selectDistinctOn([applications.patientId], {
        patientId: applications.patientId,
        id: applications.id,
        status: applications.status,
        type: applications.type,
        paymentStatus: applications.paymentStatus,
      })
      .from(applications)
      .where(inArray(applications.patientId, ids))
      .orderBy(applications.patientId, desc(applications.createdAt), desc(applications.id));
    for (const a of apps)
      latest.set(a.patientId, {
        id: a.id,
        status: a.status as LatestApplication['status'],
        type: a.type as ApplicationType,
        paymentStatus: a.paymentStatus as LatestApplication['paymentStatus'],
      });
    const docs = await ctx.db
      .select({ patientId: documents.patientId, n: sql<number>`count(*)::int` })
      .from(documents)
      .where(and(inArray(documents.patientId, ids), isNull(documents.replacedAt)))
      .groupBy(documents.patientId);
    for (const d of docs) counts.set(d.patientId, Number(d.n));
  }

  await auditListRead(ctx, args.reader, {
    targetType: 'patients',
    patientIds: rows.map((r) => r.profile.userId),
    details: { count: rows.length },
  });
  return rows.map(({ profile, email }) => ({
    id: profile.id,
    userId: profile.userId,
    firstName: profile.firstName,
    lastName: profile.lastName,
    dateOfBirth: profile.dateOfBirth,
    email,
    phone: profile.phone,
    city: profile.city,
    state: profile.state,
    createdAt: profile.createdAt.toISOString(),
    latestApplication: latest.get(profile.id) ?? null,
    documentCount: counts.get(profile.id) ?? 0,
  }));
}

/** The Doctor Consultation Interface's data: profile, application, documents, consultation. */
export async function patientRecord(
  ctx: AppContext,
  args: { user: CurrentUser; patientId: string; ip: string },
): Promise<PatientRecord> {
  const { user, patientId } = args;
  const [row] = await ctx.db
    .select({ profile: patientProfiles, email: users.email, language: users.language })
    .from(patientProfiles)
    .innerJoin(users, eq(users.id, patientProfiles.userId))
    .where(eq(patientProfiles.id, patientId))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', PATIENT_NOT_FOUND);
  await assertMayReadPatient(ctx.db, user, patientId);

  const open = await findOpenApplication(ctx.db, patientId);
  const [application] = open
    ? [open]
    : await ctx.db
        .select()
        .from(applications)
        .where(eq(applications.patientId, patientId))
        .orderBy(desc(applications.createdAt), desc(applications.id))
        .limit(1);
  const [view] = application ? await viewsFor(ctx.db, [application]) : [];
  const [consultation] = await ctx.db
    .select()
    .from(consultations)
    .where(
      and(
        eq(consultations.patientId, patientId),
        isNull(consultations.endedAt),
        user.role === 'doctor' ? eq(consultations.doctorId, user.id) : undefined,
      ),
    )
    .orderBy(desc(consultations.startedAt))
    .limit(1);
  const docs = await currentStaffDocuments(ctx.db, patientId);
  const history = await chartConsultations(ctx.db, patientId);

  await audit(ctx.db, {
    actor: { id: user.id, role: user.role },
    action: 'patient_record.read',
    targetType: 'patient',
    targetId: patientId,
    ip: args.ip,
    patientIds: [row.profile.userId],
  });
  return {
    patient: {
      ...toPatientProfile(row.profile),
      email: row.email,
      createdAt: row.profile.createdAt.toISOString(),
      language: toLanguage(row.language),
    },
    application: view ?? null,
    documents: docs,
    consultation: consultation
      ? {
          id: consultation.id,
          queueId: consultation.queueEntryId,
          doctorId: consultation.doctorId,
          startedAt: consultation.startedAt.toISOString(),
          roomId: consultation.roomId,
          notes: consultation.physicianNotes,
        }
      : null,
    consultations: history,
  };
}
