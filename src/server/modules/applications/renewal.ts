import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  APPROVED_APPLICATION_STATUSES,
  NO_APPROVED_APPLICATION_MESSAGE,
  OPEN_APPLICATION_MESSAGE,
  type RenewalStart,
} from '../../../shared/renewal.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { type ApplicationRow, applications, medicalConditions } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { requireRole } from '../../plugins/auth.js';
import { audit } from '../audit/service.js';
import { assertOklahomaAddress, currentPatient } from '../patients/guards.js';
import { lockPatient } from '../payments/service.js';
import { createOpenApplication } from './create.js';
import { countingCategories } from './renewal-rule.js';
import { applicationView, conditionsFor, findOpenApplication } from './service.js';

// POST /api/applications/renewal (issue 22): a licence renewal starts as a new open application
// (ruling 14: none may be open already) prefilled from the patient's last approved one — its
// conditions, caregiver, notes and fee reduction — for the patient to review in the intake. The
// renewal rule (shared/renewal.ts) then asks for a new proof of residency, and a new photo when
// the one on file is too old.

/** The patient's most recently approved application. */
async function lastApproved(tx: Executor, patientId: string): Promise<ApplicationRow | null> {
  const [row] = await tx
    .select()
    .from(applications)
    .where(
      and(
        eq(applications.patientId, patientId),
        inArray(applications.status, [...APPROVED_APPLICATION_STATUSES]),
        isNotNull(applications.approvedAt),
      ),
    )
    .orderBy(desc(applications.approvedAt))
    .limit(1);
  return row ?? null;
}

export async function renewalRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/applications/renewal',
    { onRequest: requireRole('patient') },
    async (request, reply) => {
      const patient = currentPatient(request);
      assertOklahomaAddress(patient);
      const actor = { id: patient.userId, role: 'patient' };
      const result = await ctx.db.transaction(async (tx) => {
        await lockPatient(tx, patient.id);
        const open = await findOpenApplication(tx, patient.id);
        if (open) throw new AppError('CONFLICT', OPEN_APPLICATION_MESSAGE);
        const previous = await lastApproved(tx, patient.id);
        if (!previous) throw new AppError('NOT_FOUND', NO_APPROVED_APPLICATION_MESSAGE);

        const created = await createOpenApplication(tx, {
          patientId: patient.id,
          type: 'renewal',
          reduced: previous.hasReducedFee,
          actor,
          ip: request.ip,
        });
        const [row] = await tx
          .update(applications)
          .set({
            reducedFeeReason: previous.hasReducedFee ? previous.reducedFeeReason : null,
            needsCaregiver: previous.needsCaregiver,
            caregiverFirstName: previous.caregiverFirstName,
            caregiverLastName: previous.caregiverLastName,
            caregiverPhone: previous.caregiverPhone,
            caregiverEmail: previous.caregiverEmail,
            relationship: previous.relationship,
            physicianNotes: previous.physicianNotes,
            updatedAt: new Date(),
          })
          .where(eq(applications.id, created.id))
          .returning();
        const conditions = (await conditionsFor(tx, [previous.id])).get(previous.id) ?? [];
        if (conditions.length > 0)
          await tx.insert(medicalConditions).values(
            conditions.map((c) => ({
              applicationId: created.id,
              icdCode: c.icdCode,
              description: c.description,
            })),
          );
        const photoOnFile = (await countingCategories(tx, row!, ['photo'])).length > 0;
        await audit(tx, {
          actor,
          action: 'application.renewal_start',
          targetType: 'application',
          targetId: created.id,
          ip: request.ip,
          patientIds: [patient.userId],
          details: { renews: previous.id },
        });
        return {
          row: row!,
          documentsNeeded: photoOnFile
            ? (['proof_of_residency'] as const)
            : (['proof_of_residency', 'photo'] as const),
        };
      });
      return reply.status(201).send({
        application: await applicationView(ctx.db, result.row),
        documentsNeeded: [...result.documentsNeeded],
      } satisfies RenewalStart);
    },
  );
}
