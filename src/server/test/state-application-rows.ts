import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { todayIso } from '../../shared/dates.js';
import { type StateApplicationMode, submitByFor } from '../../shared/state-application.js';
import type { AppContext } from '../context.js';
import {
  patientLicenses,
  type StateApplicationDbRow,
  stateApplications,
} from '../db/schema/index.js';
import { sealReason } from '../modules/state-applications/queries.js';

// State applications as the desk leaves them (issue 22), written straight to the table for the
// tests of the patient's side: the approval opens the row, the desk's routes move it. Upserted
// on the application, so it works whether or not the approval already opened one.

type TestApp = FastifyInstance & { ctx: AppContext };
type Patch = Partial<Omit<StateApplicationDbRow, 'id' | 'applicationId' | 'patientId'>>;

export async function setStateApplication(
  app: TestApp,
  ids: { applicationId: string; patientId: string },
  patch: Patch & { mode?: StateApplicationMode; rejectionReasonText?: string } = {},
): Promise<StateApplicationDbRow> {
  const { rejectionReasonText, ...rest } = patch;
  const signedOn =
    rest.signedOn ?? todayIso(app.ctx.config.CLINIC_TIMEZONE, new Date(app.ctx.now()));
  // What the patch does not give starts afresh, so each call describes the whole row.
  const values = {
    mode: 'clinic_submits',
    status: 'preparing',
    ommaApplicationNumber: null,
    submittedOn: null,
    stateFeeReference: null,
    rejectionReason: null,
    documentsNeeded: null,
    rejectedOn: null,
    resubmitBy: null,
    cardMailedOn: null,
    signedOn,
    submitBy: submitByFor(signedOn),
    ...rest,
    // A rejection is recorded now, as the desk records it (its rejected_at, once merged).
    ...(rest.rejectedOn
      ? { updatedAt: new Date(app.ctx.now()), rejectedAt: new Date(app.ctx.now()) }
      : {}),
    ...(rejectionReasonText === undefined
      ? {}
      : { rejectionReason: sealReason(app.ctx.sealer, rejectionReasonText) }),
  };
  const [row] = await app.ctx.db
    .insert(stateApplications)
    .values({ ...ids, ...values })
    .onConflictDoUpdate({ target: stateApplications.applicationId, set: values })
    .returning();
  return row!;
}

export const stateApplicationRow = async (app: TestApp, applicationId: string) =>
  (
    await app.ctx.db
      .select()
      .from(stateApplications)
      .where(eq(stateApplications.applicationId, applicationId))
  )[0];

export const licenseRow = async (app: TestApp, patientId: string) =>
  (
    await app.ctx.db.select().from(patientLicenses).where(eq(patientLicenses.patientId, patientId))
  )[0];
