import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { consultations, patientProfiles, users } from '../../db/schema/index.js';

// The people around a consultation, joined once for the follow-up lists: the patient (profile
// and account, for the e-mail address) and the physician.

export const patientAccount = alias(users, 'patient_account');
export const physician = alias(users, 'physician');

export const peopleColumns = {
  patientFirstName: patientProfiles.firstName,
  patientLastName: patientProfiles.lastName,
  patientDateOfBirth: patientProfiles.dateOfBirth,
  doctorFirstName: physician.firstName,
  doctorLastName: physician.lastName,
};

export const patientJoin = eq(patientProfiles.id, consultations.patientId);
export const physicianJoin = eq(physician.id, consultations.doctorId);
export const patientAccountJoin = eq(patientAccount.id, patientProfiles.userId);

export const patientName = (r: { patientFirstName: string; patientLastName: string }) =>
  `${r.patientFirstName} ${r.patientLastName}`;
export const doctorName = (r: { doctorFirstName: string; doctorLastName: string }) =>
  `Dr. ${r.doctorFirstName} ${r.doctorLastName}`;
