import { buffer } from 'node:stream/consumers';
import { and, desc, eq, inArray, isNull, ne } from 'drizzle-orm';
import { CATEGORY_DEFINITIONS, type DocumentCategory } from '../../../shared/documents.js';
import {
  APPLICATION_TYPE_LABELS,
  type ApplicationType,
  REDUCED_FEE_REASON_LABELS,
  type ReducedFeeReason,
} from '../../../shared/fees.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import {
  type ApplicationRow,
  applications,
  consultations,
  type DocumentRow,
  documents,
  patientProfiles,
  type StateApplicationDbRow,
  stateApplications,
  users,
} from '../../db/schema/index.js';
import { AppError } from '../../errors.js';

// What goes into the OMMA packet (packet.ts lays it out): the patient's details as OMMA's
// patient application asks for them, and the files OMMA wants, in the order its portal asks for
// them. The files are the patient's current ones (a replaced version is history, a rejected one
// is not what the state should see); the recommendation is the one issued for this application.

export const STATE_APPLICATION_NOT_FOUND = 'State application not found';

/** The packet's files, in OMMA's order. */
export const PACKET_CATEGORIES = [
  'physician_recommendation',
  'government_id',
  'proof_of_residency',
  'photo',
  'reduced_fee_proof',
] as const satisfies readonly DocumentCategory[];

export interface PacketFile {
  category: (typeof PACKET_CATEGORIES)[number];
  /** The category's name as the patient knows it (shared/documents.ts). */
  title: string;
  mimeType: string;
  uploadedAt: Date;
  bytes: Uint8Array;
}

export interface PacketCover {
  patient: {
    name: string;
    dateOfBirth: string | null;
    address: string;
    phone: string | null;
    email: string;
  };
  licenceType: string;
  reducedFee: string | null;
  /** Printed only when the physician certified the patient homebound (OAC 442:10). */
  caregiver: { name: string; relationship: string | null; phone: string | null } | null;
  /** A caregiver was asked for but the physician did not certify the patient homebound. */
  caregiverNotCertified: boolean;
  physician: {
    name: string;
    licenseNumber: string | null;
    npi: string | null;
    ommaRegistrationNumber: string | null;
    officeAddress: string | null;
    licensingBoard: string | null;
  } | null;
  recommendationDate: string;
  submitBy: string;
  ommaApplicationNumber: string | null;
}

export interface PacketContents {
  stateApplication: StateApplicationDbRow;
  cover: PacketCover;
  files: PacketFile[];
}

const joined = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(', ');

/** The approving consultation's physician and whether they certified the patient homebound. */
async function approvingConsultation(db: Executor, applicationId: string) {
  const [row] = await db
    .select({ homebound: consultations.homebound, doctor: users })
    .from(consultations)
    .innerJoin(users, eq(users.id, consultations.doctorId))
    .where(
      and(eq(consultations.applicationId, applicationId), eq(consultations.outcome, 'approved')),
    )
    .orderBy(desc(consultations.outcomeAt))
    .limit(1);
  return row ?? null;
}

/**
 * The current documents the packet holds, per category: those filed with this application when
 * there are any (an ID's front and back are two files), otherwise the newest of the patient's
 * (a renewal keeps an ID uploaded for an earlier application). The recommendation is this
 * application's only.
 */
async function packetDocuments(db: Executor, application: ApplicationRow) {
  const rows = await db
    .select()
    .from(documents)
    .where(
      and(
        eq(documents.patientId, application.patientId),
        inArray(documents.category, [...PACKET_CATEGORIES]),
        isNull(documents.replacedAt),
        ne(documents.status, 'rejected'),
      ),
    )
    .orderBy(documents.uploadedAt);
  const chosen: DocumentRow[] = [];
  for (const category of PACKET_CATEGORIES) {
    const all = rows.filter((d) => d.category === category);
    const own = all.filter((d) => d.applicationId === application.id);
    if (category === 'physician_recommendation') chosen.push(...own.slice(-1));
    else if (own.length > 0) chosen.push(...own);
    else if (all.length > 0) chosen.push(all[all.length - 1]!);
  }
  // The reduced-fee proof belongs only to a reduced-fee application.
  return application.hasReducedFee
    ? chosen
    : chosen.filter((d) => d.category !== 'reduced_fee_proof');
}

/** Everything the packet prints, the files decrypted (blobs are sealed at rest). */
export async function packetContents(ctx: AppContext, id: string): Promise<PacketContents> {
  const db = ctx.db;
  const [stateApplication] = await db
    .select()
    .from(stateApplications)
    .where(eq(stateApplications.id, id));
  if (!stateApplication) throw new AppError('NOT_FOUND', STATE_APPLICATION_NOT_FOUND);
  const [row] = await db
    .select({ application: applications, patient: patientProfiles, email: users.email })
    .from(applications)
    .innerJoin(patientProfiles, eq(patientProfiles.id, applications.patientId))
    .innerJoin(users, eq(users.id, patientProfiles.userId))
    .where(eq(applications.id, stateApplication.applicationId));
  if (!row) throw new AppError('NOT_FOUND', STATE_APPLICATION_NOT_FOUND);
  const { application, patient } = row;
  const approval = await approvingConsultation(db, application.id);
  const homebound = approval?.homebound === true;
  const doctor = approval?.doctor;

  const cover: PacketCover = {
    patient: {
      name: [patient.firstName, patient.middleName, patient.lastName].filter(Boolean).join(' '),
      dateOfBirth: patient.dateOfBirth,
      address: joined(
        patient.address,
        patient.apartment,
        patient.city,
        patient.state,
        patient.zipCode,
      ),
      phone: patient.phone,
      email: row.email,
    },
    licenceType: APPLICATION_TYPE_LABELS[application.type as ApplicationType] ?? application.type,
    reducedFee: application.hasReducedFee
      ? (REDUCED_FEE_REASON_LABELS[application.reducedFeeReason as ReducedFeeReason] ??
        application.reducedFeeReason ??
        'Reduced fee')
      : null,
    caregiver:
      application.needsCaregiver && homebound
        ? {
            name: [application.caregiverFirstName, application.caregiverLastName]
              .filter(Boolean)
              .join(' '),
            relationship: application.relationship,
            phone: application.caregiverPhone,
          }
        : null,
    caregiverNotCertified: application.needsCaregiver && !homebound,
    physician: doctor
      ? {
          name: `Dr. ${doctor.firstName} ${doctor.lastName}`,
          licenseNumber: doctor.licenseNumber,
          npi: doctor.npi,
          ommaRegistrationNumber: doctor.ommaRegistrationNumber,
          officeAddress: doctor.officeAddress,
          licensingBoard: doctor.licensingBoard,
        }
      : null,
    recommendationDate: stateApplication.signedOn,
    submitBy: stateApplication.resubmitBy ?? stateApplication.submitBy,
    ommaApplicationNumber: stateApplication.ommaApplicationNumber,
  };

  const files: PacketFile[] = [];
  for (const d of await packetDocuments(db, application))
    files.push({
      category: d.category as PacketFile['category'],
      title: CATEGORY_DEFINITIONS[d.category as DocumentCategory].name,
      mimeType: d.mimeType,
      uploadedAt: d.uploadedAt,
      bytes: new Uint8Array(await buffer(await ctx.blobs.get(d.storageKey))),
    });
  return { stateApplication, cover, files };
}
