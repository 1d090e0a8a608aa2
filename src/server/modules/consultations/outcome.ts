import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import {
  documentsNotApprovedMessage,
  unapprovedRequiredDocuments,
} from '../../../shared/approval-documents.js';
import { todayIso } from '../../../shared/dates.js';
import { type DocumentStatus, QUEUE_REQUIRED_DOCUMENTS } from '../../../shared/documents.js';
import { APPLICATION_TYPE_LABELS, type ApplicationType } from '../../../shared/fees.js';
import {
  HOMEBOUND_REQUIRED_MESSAGE,
  IDENTITY_NOT_VERIFIED_MESSAGE,
  maySignRecommendation,
  OMMA_REGISTRATION_REQUIRED_MESSAGE,
} from '../../../shared/omma.js';
import type { CurrentUser } from '../../../shared/schemas/auth.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import {
  applications,
  consultations,
  documents,
  patientProfiles,
  users,
} from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { conditionsFor } from '../applications/service.js';
import { patientUserIds } from '../audit/patients.js';
import { audit } from '../audit/service.js';
import { medicalRecordsProvided } from '../documents/queries.js';
import { storeGeneratedDocument } from '../documents/service.js';
import { queueDecision } from '../mail/visit-events.js';
import { requestSettlement, settlePayment } from '../payments/settle.js';
import { openStateApplication } from '../state-applications/open.js';
import { recommendationPdf } from './recommendation-pdf.js';

// The physician's decision (ruling 3: doctors and doctor admins only). Approval sets the
// application approved with approvedAt and delivers the recommendation form to the patient's
// documents in the same transaction; a refusal closes the application with its reason.
// The fee follows the decision (issue 11, ADR 0010): the decision marks the held payment to be
// captured (approval) or released (denial) in its transaction, and the processor is asked
// after it commits; a crash in between is finished by upkeep (payments/settle.ts).
//
// Oklahoma (SB 1066, 2025; issue 12): an approval needs the physician's confirmation that the
// patient's identity was checked against their ID and photo (stored as identity_verified_at
// and audited), and a signing physician whose OMMA registration is current on the clinic's
// today. The signing physician is the consultation's doctor: the recommendation is issued over
// their name, license, NPI and registration (recommendation-pdf.ts), and only doctor accounts
// carry those. A doctor may decide only their own consultations, so for them the signer is the
// actor; a doctor_admin deciding a doctor's consultation records it under that doctor's
// registration, and is refused when it is not current, exactly as the doctor would be.
// Nor is an approval given while a document the state requires (ID, residency, photo) is not
// approved (issue 21): 409 naming them; the physician reviews them in the room's chart.
// A patient who asked for a caregiver is approved only once the physician says whether they are
// homebound (issue 22, OAC 442:10): the caregiver is printed on the form only when they are.
// Every refusal comes before the first write, so a refused approval leaves nothing behind.

/** The application's current required documents (filed with it, or before it existed). */
async function requiredDocuments(tx: Executor, patientId: string, applicationId: string) {
  return tx
    .select({ category: documents.category, status: documents.status })
    .from(documents)
    .where(
      and(
        eq(documents.patientId, patientId),
        or(eq(documents.applicationId, applicationId), isNull(documents.applicationId)),
        inArray(documents.category, [...QUEUE_REQUIRED_DOCUMENTS]),
        isNull(documents.replacedAt),
      ),
    );
}

export async function recordOutcome(args: {
  ctx: AppContext;
  actor: CurrentUser;
  consultationId: string;
  approved: boolean;
  reason?: string;
  identityVerified?: boolean;
  homebound?: boolean;
  ip: string;
}) {
  const { ctx, actor } = args;
  const result = await ctx.db.transaction(async (tx) => {
    const [consultation] = await tx
      .select()
      .from(consultations)
      .where(eq(consultations.id, args.consultationId))
      .for('update');
    // A doctor records outcomes of their own consultations only.
    if (!consultation || (actor.role === 'doctor' && consultation.doctorId !== actor.id))
      throw new AppError('NOT_FOUND', 'Consultation not found');
    if (!consultation.endedAt)
      throw new AppError('CONFLICT', 'End the consultation before recording its outcome');
    if (consultation.outcome)
      throw new AppError('CONFLICT', 'The outcome of this consultation is already recorded');
    if (!args.approved && !args.reason?.trim())
      throw new AppError('BAD_REQUEST', 'Please give the reason for not recommending');
    if (args.approved && args.identityVerified !== true)
      throw new AppError('BAD_REQUEST', IDENTITY_NOT_VERIFIED_MESSAGE, [
        { path: 'identityVerified', message: IDENTITY_NOT_VERIFIED_MESSAGE },
      ]);
    const [physician] = await tx.select().from(users).where(eq(users.id, consultation.doctorId));
    const today = todayIso(ctx.config.CLINIC_TIMEZONE);
    if (args.approved && !(physician && maySignRecommendation(physician, today)))
      throw new AppError('FORBIDDEN', OMMA_REGISTRATION_REQUIRED_MESSAGE);
    const [applied] = await tx
      .select({ needsCaregiver: applications.needsCaregiver })
      .from(applications)
      .where(eq(applications.id, consultation.applicationId));
    if (args.approved && applied?.needsCaregiver && args.homebound === undefined)
      throw new AppError('BAD_REQUEST', HOMEBOUND_REQUIRED_MESSAGE, [
        { path: 'homebound', message: HOMEBOUND_REQUIRED_MESSAGE },
      ]);
    if (args.approved) {
      const current = await requiredDocuments(
        tx,
        consultation.patientId,
        consultation.applicationId,
      );
      const unapproved = unapprovedRequiredDocuments(
        current.map((d) => ({ category: d.category, status: d.status as DocumentStatus })),
      );
      if (unapproved.length > 0)
        throw new AppError('CONFLICT', documentsNotApprovedMessage(unapproved));
    }

    const now = new Date();
    const settlement = await requestSettlement(tx, {
      applicationId: consultation.applicationId,
      patientId: consultation.patientId,
      intent: args.approved ? 'capture' : 'release',
      now,
    });
    const released = settlement?.releasedAs ? { paymentStatus: settlement.releasedAs } : {};
    const [application] = await tx
      .update(applications)
      .set(
        args.approved
          ? { status: 'approved', approvedAt: now, updatedAt: now }
          : { status: 'rejected', updatedAt: now, ...released },
      )
      .where(eq(applications.id, consultation.applicationId))
      .returning();
    await tx
      .update(consultations)
      .set({
        outcome: args.approved ? 'approved' : 'not_approved',
        outcomeReason: args.reason?.trim() || null,
        outcomeAt: now,
        outcomeBy: actor.id,
        identityVerifiedAt: args.approved ? now : null,
        homebound: args.approved ? (args.homebound ?? null) : null,
      })
      .where(eq(consultations.id, consultation.id));
    await audit(tx, {
      actor: { id: actor.id, role: actor.role },
      action: args.approved ? 'consultation.approve' : 'consultation.not_approved',
      targetType: 'consultation',
      targetId: consultation.id,
      ip: args.ip,
      ...(args.approved
        ? {
            details: {
              identityVerified: true,
              ...(args.homebound === undefined ? {} : { homebound: args.homebound }),
            },
          }
        : {}),
      patientIds: await patientUserIds(tx, { profileIds: [consultation.patientId] }),
    });
    await queueDecision(ctx, tx, {
      consultationId: consultation.id,
      patientId: consultation.patientId,
      approved: args.approved,
      releasedAs: settlement?.releasedAs ?? null,
    });

    let documentId: string | null = null;
    if (args.approved) {
      // The OMMA application the approval makes possible (issue 22), after the settlement
      // above marked the fee to be captured.
      await openStateApplication(tx, {
        applicationId: consultation.applicationId,
        patientId: consultation.patientId,
        signedOn: todayIso(ctx.config.CLINIC_TIMEZONE, new Date(ctx.now())),
        actor: { id: actor.id, role: actor.role },
        ip: args.ip,
        patientUserIds: await patientUserIds(tx, { profileIds: [consultation.patientId] }),
      });
      const [patient] = await tx
        .select()
        .from(patientProfiles)
        .where(eq(patientProfiles.id, consultation.patientId));
      const conditions = (await conditionsFor(tx, [application!.id])).get(application!.id) ?? [];
      const bytes = await recommendationPdf({
        patient: {
          firstName: patient!.firstName,
          lastName: patient!.lastName,
          dateOfBirth: patient!.dateOfBirth,
          address: [
            patient!.address,
            patient!.apartment,
            patient!.city,
            patient!.state,
            patient!.zipCode,
          ]
            .filter(Boolean)
            .join(', '),
        },
        conditions,
        caregiver:
          application!.needsCaregiver && args.homebound === true
            ? {
                name: [application!.caregiverFirstName, application!.caregiverLastName]
                  .filter(Boolean)
                  .join(' '),
                relationship: application!.relationship,
                phone: application!.caregiverPhone,
              }
            : null,
        physician: physician!,
        date: today,
        applicationType:
          APPLICATION_TYPE_LABELS[application!.type as ApplicationType] ?? application!.type,
        recordsProvided: await medicalRecordsProvided(tx, application!),
      });
      const doc = await storeGeneratedDocument(ctx, tx, {
        patientId: consultation.patientId,
        applicationId: application!.id,
        category: 'physician_recommendation',
        fileName: 'physician-recommendation.pdf',
        bytes,
        mimeType: 'application/pdf',
        actor: { id: actor.id, role: actor.role },
        ip: args.ip,
      });
      documentId = doc.id;
    }
    const [patientUser] = await tx
      .select({ userId: patientProfiles.userId })
      .from(patientProfiles)
      .where(eq(patientProfiles.id, consultation.patientId));
    return {
      application: application!,
      documentId,
      patientUserId: patientUser!.userId,
      paymentId: settlement?.payment.pendingAction ? settlement.payment.id : null,
    };
  });
  // The processor is asked once the decision is committed; if it cannot be reached the
  // payment's pending action stays for upkeep, and the decision stands either way.
  if (result.paymentId) {
    await settlePayment(ctx, result.paymentId, {
      actor: { id: actor.id, role: actor.role },
      ip: args.ip,
    });
    const [fresh] = await ctx.db
      .select()
      .from(applications)
      .where(eq(applications.id, result.application.id));
    if (fresh) result.application = fresh;
  }
  // The patient's journey moves at once.
  ctx.realtime.toUser(result.patientUserId, 'application-update', {
    applicationId: result.application.id,
    status: result.application.status,
  });
  return result;
}
