import {
  admitPatient,
  endConsultation,
  startConsultation,
} from '../../modules/consultations/lifecycle.js';
import { listMeetings } from '../../modules/consultations/meetings.js';
import { loadCurrentUser } from '../../modules/users/queries.js';
import type { TestApp } from '../harness.js';
import { paidPatient } from '../patients.js';
import type { Principal } from './types.js';

// Consultation fixtures: a patient waiting, admitted to a doctor's meeting, or in consultation
// with the calling doctor (a doctor acts on their own consultations).
/** Set by the matrix test once its duty doctor has signed in. */
export const duty = { doctorId: '' };
export const todaysMeeting = async (t: TestApp) =>
  (await listMeetings(t.app.ctx)).find((m) => m.doctor.id === duty.doctorId)!.meetingId;
export const waitingEntry = async (t: TestApp) => (await paidPatient(t.app)).queue.id;
const lifecycleArgs = async (t: TestApp, doctorId: string) => ({
  ctx: t.app.ctx,
  actor: (await loadCurrentUser(t.app.ctx.db, doctorId))!,
  ip: '127.0.0.1',
});
/** The physician a principal acts as: a doctor acts on their own patients (ownership.ts). */
const physicianFor = (principal: Principal) =>
  principal.role === 'doctor' && principal.id ? principal.id : duty.doctorId;
/** A patient admitted to the calling doctor, or to the duty doctor's meeting for other staff. */
export const admittedEntry = async (t: TestApp, principal: Principal) => {
  const queueId = await waitingEntry(t);
  const doctorId = physicianFor(principal);
  await admitPatient({
    ...(await lifecycleArgs(t, doctorId)),
    queueId,
    ...(doctorId === duty.doctorId ? { meetingId: await todaysMeeting(t) } : {}),
  });
  return queueId;
};
export const startedEntry = async (t: TestApp, principal: Principal) => {
  const doctorId = physicianFor(principal);
  const queueId = await waitingEntry(t);
  const consultation = await startConsultation({ ...(await lifecycleArgs(t, doctorId)), queueId });
  return { queueId, consultationId: consultation.id };
};

/** A consultation that has ended, waiting for its outcome. */
export const endedEntry = async (t: TestApp, principal: Principal) => {
  const started = await startedEntry(t, principal);
  const doctorId = physicianFor(principal);
  await endConsultation({ ...(await lifecycleArgs(t, doctorId)), queueId: started.queueId });
  return started;
};
