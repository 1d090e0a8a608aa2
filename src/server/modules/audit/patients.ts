import { eq, inArray, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { applications, consultations, patientProfiles, recordings } from '../../db/schema/index.js';

/**
 * What a record names its patient by. Most tables point at the patient's profile (or at an
 * application or consultation); the trail keeps the patient's user id, the one id a patient
 * has everywhere, so "who read this patient's record?" is one filter.
 */
export interface PatientRefs {
  profileIds?: readonly (string | null | undefined)[];
  applicationIds?: readonly (string | null | undefined)[];
  consultationIds?: readonly (string | null | undefined)[];
  /** A consultation's recording names its patient; a video session's names none. */
  recordingIds?: readonly (string | null | undefined)[];
}

const present = (ids: readonly (string | null | undefined)[] | undefined): string[] => [
  ...new Set((ids ?? []).filter((id): id is string => !!id)),
];

/** The user ids of the patients the given records belong to (one query; none when empty). */
export async function patientUserIds(executor: Executor, refs: PatientRefs): Promise<string[]> {
  const profileIds = present(refs.profileIds);
  const applicationIds = present(refs.applicationIds);
  const consultationIds = present(refs.consultationIds);
  const recordingIds = present(refs.recordingIds);
  if (
    !profileIds.length &&
    !applicationIds.length &&
    !consultationIds.length &&
    !recordingIds.length
  )
    return [];
  const conditions = [
    profileIds.length ? inArray(patientProfiles.id, profileIds) : undefined,
    applicationIds.length
      ? inArray(
          patientProfiles.id,
          executor
            .select({ id: applications.patientId })
            .from(applications)
            .where(inArray(applications.id, applicationIds)),
        )
      : undefined,
    consultationIds.length
      ? inArray(
          patientProfiles.id,
          executor
            .select({ id: consultations.patientId })
            .from(consultations)
            .where(inArray(consultations.id, consultationIds)),
        )
      : undefined,
    recordingIds.length
      ? inArray(
          patientProfiles.id,
          executor
            .select({ id: consultations.patientId })
            .from(recordings)
            .innerJoin(consultations, eq(consultations.id, recordings.consultationId))
            .where(inArray(recordings.id, recordingIds)),
        )
      : undefined,
  ];
  const rows = await executor
    .select({ userId: patientProfiles.userId })
    .from(patientProfiles)
    .where(or(...conditions));
  return rows.map((r) => r.userId);
}
