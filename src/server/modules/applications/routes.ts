import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { chargeFor } from '../../../shared/fees.js';
import { msg } from '../../../shared/i18n/message-key.js';
import { formatCents, parseDollars } from '../../../shared/money.js';
import { feeCovered } from '../../../shared/payment-status.js';
import {
  ALREADY_PAID_MESSAGE,
  ApplicationFormSchema,
  BYPASS_AFTER_DECISION_MESSAGE,
  isClosedStatus,
  MedicalConditionSchema,
  paymentDue,
} from '../../../shared/schemas/application.js';
import { type AppContext, isProduction } from '../../context.js';
import { applications, medicalConditions, payments } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { requireRole } from '../../plugins/auth.js';
import { audit } from '../audit/service.js';
import { currentFeeSchedule } from '../fees/service.js';
import { assertOklahomaAddress, currentPatient } from '../patients/guards.js';
import { lockPatient } from '../payments/service.js';
import { createOpenApplication } from './create.js';
import { deleteDraft } from './drafts.js';
import {
  applicationView,
  findOpenApplication,
  findOwnApplication,
  latestApplication,
  listApplications,
} from './service.js';

const Id = z.object({ id: z.uuid(msg('intake.error.applicationNotFound')) });
const MAX_CONDITIONS = 20;

/** The form's body, plus the development bypass's fields (ruling 10). */
const CreateApplicationBody = ApplicationFormSchema.and(
  z.object({
    paymentStatus: z.enum(['paid', 'unpaid']).optional(),
    paymentId: z.string().max(100).optional(),
    status: z.string().max(40).optional(),
  }),
);

export async function applicationRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const patientOnly = { onRequest: requireRole('patient') };

  app.get('/api/applications', patientOnly, async (request) =>
    listApplications(ctx.db, currentPatient(request).id),
  );

  app.get('/api/applications/:id', { ...patientOnly, schema: { params: Id } }, async (request) => {
    const patient = currentPatient(request);
    return applicationView(ctx.db, await findOwnApplication(ctx.db, patient.id, request.params.id));
  });

  /**
   * Fills in the open application (ruling 14: answers with it when there is one) or creates
   * one. With `paymentStatus: 'paid'` it is the Development Bypass / Simulate Payment
   * Complete, refused in production; like a payment without the dispensary statement it
   * queues nobody (issue 11: the queue step joins, through the intake gate).
   */
  app.post(
    '/api/applications',
    { ...patientOnly, schema: { body: CreateApplicationBody } },
    async (request, reply) => {
      const patient = currentPatient(request);
      const body = request.body;
      const bypass = body.paymentStatus === 'paid' || body.status === 'payment_completed';
      if (bypass && isProduction(ctx.config))
        throw new AppError('FORBIDDEN', 'Payment bypass is not available in production');
      if (body.status && !bypass) throw new AppError('BAD_REQUEST', 'Status is set by the clinic');
      assertOklahomaAddress(patient);
      const actor = { id: patient.userId, role: 'patient' };

      const result = await ctx.db.transaction(async (tx) => {
        await lockPatient(tx, patient.id);
        let row = await findOpenApplication(tx, patient.id, { lock: true });
        // Simulating a payment needs one to be due (issue 21): not on a decided visit, and
        // not twice (a second call would also reset the form's fields to the bypass's).
        if (bypass) {
          const latest = row ?? (await latestApplication(tx, patient.id));
          if (!paymentDue(latest))
            throw new AppError(
              'CONFLICT',
              latest && isClosedStatus(latest.status)
                ? BYPASS_AFTER_DECISION_MESSAGE
                : ALREADY_PAID_MESSAGE,
            );
        }
        const created = !row;
        const reduced = body.hasReducedFee;
        if (!row)
          row = await createOpenApplication(tx, {
            patientId: patient.id,
            type: body.type,
            reduced,
            actor,
            ip: request.ip,
          });
        const unpaid = !feeCovered(row.paymentStatus);
        const fee = chargeFor(
          await currentFeeSchedule(tx),
          unpaid ? body.type : (row.type as typeof body.type),
          unpaid ? reduced : row.hasReducedFee,
        );
        if (unpaid && body.amount && parseDollars(body.amount) !== fee.totalCents)
          throw new AppError(
            'BAD_REQUEST',
            msg('intake.error.amountMismatch', { amount: formatCents(fee.totalCents) }),
          );
        const [updated] = await tx
          .update(applications)
          .set({
            // The type and fee are fixed once paid.
            ...(unpaid
              ? {
                  type: body.type,
                  amountCents: fee.totalCents,
                  hasReducedFee: reduced,
                  reducedFeeReason: reduced ? (body.reducedFeeReason as string) : null,
                }
              : {}),
            needsCaregiver: body.needsCaregiver,
            caregiverFirstName: body.needsCaregiver ? body.caregiverFirstName || null : null,
            caregiverLastName: body.needsCaregiver ? body.caregiverLastName || null : null,
            caregiverPhone: body.needsCaregiver ? body.caregiverPhone || null : null,
            caregiverEmail: body.needsCaregiver ? body.caregiverEmail || null : null,
            relationship: body.needsCaregiver ? body.relationship || null : null,
            physicianNotes: body.physicianNotes || null,
            submittedAt: row.submittedAt ?? new Date(),
            updatedAt: new Date(),
            ...(bypass && unpaid
              ? { paymentStatus: 'authorized', status: 'payment_completed' }
              : {}),
          })
          .where(eq(applications.id, row.id))
          .returning();
        if (bypass && unpaid) {
          await tx.insert(payments).values({
            applicationId: row.id,
            patientId: patient.id,
            amountCents: fee.totalCents,
            // Held like a card's authorization, captured or released with the outcome
            // (no processor behind it: payments/settle.ts).
            status: 'authorized',
            provider: 'development_bypass',
            completedAt: new Date(),
          });
        }
        // Submitted: the record holds the form now, so the draft goes (issue 11).
        await deleteDraft(tx, patient.id);
        await audit(tx, {
          actor,
          action: bypass ? 'application.bypass_payment' : 'application.submit',
          targetType: 'application',
          targetId: row.id,
          ip: request.ip,
          patientIds: [patient.userId],
        });
        return { row: updated!, created };
      });
      return reply
        .status(result.created ? 201 : 200)
        .send(await applicationView(ctx.db, result.row));
    },
  );

  app.post(
    '/api/applications/:id/medical-conditions',
    { ...patientOnly, schema: { params: Id, body: MedicalConditionSchema } },
    async (request, reply) => {
      const patient = currentPatient(request);
      const row = await ctx.db.transaction(async (tx) => {
        await lockPatient(tx, patient.id);
        const application = await findOwnApplication(tx, patient.id, request.params.id);
        if (isClosedStatus(application.status))
          throw new AppError('CONFLICT', msg('intake.error.closed'));
        const existing = await tx
          .select({ id: medicalConditions.id })
          .from(medicalConditions)
          .where(eq(medicalConditions.applicationId, application.id));
        if (existing.length >= MAX_CONDITIONS)
          throw new AppError(
            'CONFLICT',
            msg('intake.error.tooManyConditions', { max: MAX_CONDITIONS }),
          );
        const [condition] = await tx
          .insert(medicalConditions)
          .values({
            applicationId: application.id,
            icdCode: request.body.icdCode ?? null,
            description: request.body.description,
          })
          .returning();
        await audit(tx, {
          actor: { id: patient.userId, role: 'patient' },
          action: 'application.add_condition',
          targetType: 'application',
          targetId: application.id,
          ip: request.ip,
          patientIds: [patient.userId],
        });
        return condition!;
      });
      return reply
        .status(201)
        .send({ id: row.id, icdCode: row.icdCode, description: row.description });
    },
  );

  // A condition removed from the intake form is removed from the open application too.
  app.delete(
    '/api/applications/:id/medical-conditions/:conditionId',
    {
      ...patientOnly,
      schema: { params: Id.extend({ conditionId: z.uuid(msg('intake.error.conditionNotFound')) }) },
    },
    async (request, reply) => {
      const patient = currentPatient(request);
      await ctx.db.transaction(async (tx) => {
        await lockPatient(tx, patient.id);
        const application = await findOwnApplication(tx, patient.id, request.params.id);
        if (isClosedStatus(application.status))
          throw new AppError('CONFLICT', msg('intake.error.closed'));
        const removed = await tx
          .delete(medicalConditions)
          .where(
            and(
              eq(medicalConditions.id, request.params.conditionId),
              eq(medicalConditions.applicationId, application.id),
            ),
          )
          .returning({ id: medicalConditions.id });
        if (removed.length === 0)
          throw new AppError('NOT_FOUND', msg('intake.error.conditionNotFound'));
        await audit(tx, {
          actor: { id: patient.userId, role: 'patient' },
          action: 'application.remove_condition',
          targetType: 'application',
          targetId: application.id,
          ip: request.ip,
          patientIds: [patient.userId],
        });
      });
      return reply.status(204).send();
    },
  );
}
