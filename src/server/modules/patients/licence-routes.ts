import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  LicenseSchema,
  PatientAppliedBodySchema,
  PatientLicenseBodySchema,
  PatientStateApplicationSchema,
} from '../../../shared/schemas/state-application.js';
import type { AppContext } from '../../context.js';
import { requireRole } from '../../plugins/auth.js';
import { currentPatient } from './guards.js';
import { recordPatientApplied, savePatientLicense } from './licence-service.js';

// Issue 22, the patient's side past the recommendation: "I have applied" and their licence.
// Patients only; staff record OMMA's steps on the State Applications desk.

export async function patientLicenceRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const patientOnly = { onRequest: requireRole('patient') };

  app.post(
    '/api/patient/state-application',
    {
      ...patientOnly,
      schema: { body: PatientAppliedBodySchema, response: { 200: PatientStateApplicationSchema } },
    },
    async (request) => {
      const patient = currentPatient(request);
      return recordPatientApplied({ ctx, patient, ip: request.ip, log: request.log }, request.body);
    },
  );

  app.put(
    '/api/patient/license',
    {
      ...patientOnly,
      schema: { body: PatientLicenseBodySchema, response: { 200: LicenseSchema } },
    },
    async (request) => {
      const patient = currentPatient(request);
      return savePatientLicense({ ctx, patient, ip: request.ip, log: request.log }, request.body);
    },
  );
}
