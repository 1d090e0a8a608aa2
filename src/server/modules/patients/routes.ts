import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { QueueRemindersSchema } from '../../../shared/schemas/account.js';
import { ProfileUpdateSchema } from '../../../shared/schemas/auth.js';
import { PatientJourneyResponseSchema } from '../../../shared/schemas/journey.js';
import { PatientVisitsResponseSchema } from '../../../shared/schemas/visits.js';
import type { AppContext } from '../../context.js';
import { patientProfiles, users } from '../../db/schema/index.js';
import { requireRole } from '../../plugins/auth.js';
import { audit } from '../audit/service.js';
import { toPatientProfile } from '../users/mappers.js';
import { currentPatient } from './guards.js';
import { patientJourney } from './journey.js';
import { patientLicenceRoutes } from './licence-routes.js';
import { patientVisits } from './visits.js';

export async function patientRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const patientOnly = { onRequest: requireRole('patient') };
  await patientLicenceRoutes(fastify, ctx);

  // A patient reading their own profile is not audited (ruling 17).
  app.get('/api/patients/profile', patientOnly, async (request) => {
    const { userId: _u, email: _e, ...profile } = currentPatient(request);
    return profile;
  });

  // The visit's steps, the decision and the documents to fix (issue 11), computed from the
  // records. Like the patient's other reads of their own records it writes no audit row
  // (ruling 17 audits staff reads and document views).
  app.get(
    '/api/patient/journey',
    { ...patientOnly, schema: { response: { 200: PatientJourneyResponseSchema } } },
    async (request) => patientJourney(ctx, currentPatient(request), request.log),
  );

  // The visit history (issue 21): each consultation, its physician, decision and
  // recommendation. Unlike the journey it lists clinical decisions across visits, so the read
  // is audited like the other reads of visit records.
  app.get(
    '/api/patient/visits',
    { ...patientOnly, schema: { response: { 200: PatientVisitsResponseSchema } } },
    async (request) => {
      const patient = currentPatient(request);
      const visits = await patientVisits(ctx.db, patient.id);
      await audit(ctx.db, {
        actor: { id: patient.userId, role: 'patient' },
        action: 'patient_data.read',
        targetType: 'visit_history',
        targetId: patient.id,
        ip: request.ip,
        details: { visits: visits.length },
        patientIds: [patient.userId],
      });
      return { visits };
    },
  );

  // Edit Profile and Update Address (patient-side.md §2.8, made real by ruling 9).
  app.put(
    '/api/patients/profile',
    { ...patientOnly, schema: { body: ProfileUpdateSchema } },
    async (request) => {
      const patient = currentPatient(request);
      const b = request.body;
      const row = await ctx.db.transaction(async (tx) => {
        const [updated] = await tx
          .update(patientProfiles)
          .set({
            firstName: b.firstName,
            middleName: b.middleName || null,
            lastName: b.lastName,
            dateOfBirth: b.dateOfBirth,
            phone: b.phone || null,
            address: b.address,
            apartment: b.apartment || null,
            city: b.city,
            state: b.state,
            zipCode: b.zipCode,
            updatedAt: new Date(),
          })
          .where(eq(patientProfiles.id, patient.id))
          .returning();
        await audit(tx, {
          actor: { id: patient.userId, role: 'patient' },
          action: 'patient.update_profile',
          targetType: 'patient',
          targetId: patient.id,
          ip: request.ip,
          patientIds: [patient.userId],
        });
        return updated!;
      });
      ctx.sessions.forgetUser(patient.userId);
      return toPatientProfile(row);
    },
  );

  // The queue reminders by email (issue 13): "you are next" and "a physician is now on duty".
  // Receipts, the call, the decision and document reviews are always sent.
  app.put(
    '/api/patient/notifications',
    { ...patientOnly, schema: { body: QueueRemindersSchema } },
    async (request) => {
      const patient = currentPatient(request);
      const { queueReminders } = request.body;
      await ctx.db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ queueReminders, updatedAt: new Date() })
          .where(eq(users.id, patient.userId));
        await audit(tx, {
          actor: { id: patient.userId, role: 'patient' },
          action: 'patient.update_notifications',
          targetType: 'patient',
          targetId: patient.id,
          ip: request.ip,
          details: { queueReminders },
          patientIds: [patient.userId],
        });
      });
      // The session's cached user carries the setting (GET /api/user).
      ctx.sessions.forgetUser(patient.userId);
      return { queueReminders };
    },
  );
}
