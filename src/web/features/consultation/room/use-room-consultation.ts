import { may } from '@/features/admin-dashboard/staff-access';
import { useDoctorConsultations } from '@/features/doctor/api/doctor';
import type { CurrentUser } from '../../../../shared/schemas/auth';
import type { JoinTokenResponse } from '../../../../shared/schemas/video';
import { usePatientForApplication, usePatientRecord } from '../api/consultation';

// Which consultation a staff member's room is, and whose chart sits beside the video
// (issue 12). A doctor's own lists name the consultation by its room (the live one, then
// today's once it ended); other staff find the patient behind the room's application. The
// record then names the consultation, its notes and the patient's earlier ones.

export interface RoomConsultation {
  patientId: string | null;
  patientName: string | null;
  consultationId: string | null;
  /** When the consultation began (the top bar's time). */
  startedAt: string | null;
  /** Already recorded (the doctor's own lists, or the chart's history). */
  outcome: 'approved' | 'not_approved' | null;
  record: ReturnType<typeof usePatientRecord>;
  /** May read the chart (ruling 3: documents; a doctor, the patient being seen). */
  canRead: boolean;
  /** May record the outcome and write the notes (doctors and doctor admins). */
  canDecide: boolean;
}

export function useRoomConsultation(
  user: CurrentUser,
  room: JoinTokenResponse['room'] | null,
  /** The consultation this page ended (the end call's answer). */
  endedId: string | null,
): RoomConsultation {
  const isDoctor = user.role === 'doctor';
  const inConsultation = room?.kind === 'consultation';
  const canRead = inConsultation && may(user, 'documents');
  const active = useDoctorConsultations('active', isDoctor && inConsultation);
  const today = useDoctorConsultations('today', isDoctor && inConsultation);
  const own = [...(active.data ?? []), ...(today.data ?? [])].find((c) => c.roomId === room?.id);
  const lookup = usePatientForApplication(room?.applicationId ?? null, canRead && !isDoctor);
  const patientId = own?.patientId ?? lookup.data ?? null;
  const record = usePatientRecord(patientId, canRead);

  const data = record.data;
  const history = data?.consultations ?? [];
  const live = data?.consultation ?? null;
  const consultationId =
    own?.id ??
    endedId ??
    live?.id ??
    history.find((c) => c.applicationId === room?.applicationId)?.id ??
    null;
  const fromHistory = history.find((c) => c.id === consultationId);
  const patientName = data
    ? `${data.patient.firstName} ${data.patient.lastName}`.trim()
    : (own?.patientName ?? null);
  return {
    patientId,
    patientName,
    consultationId,
    startedAt: own?.startedAt ?? live?.startedAt ?? fromHistory?.startedAt ?? null,
    outcome: own?.outcome ?? fromHistory?.outcome ?? null,
    record,
    canRead,
    canDecide: inConsultation && may(user, 'recordOutcome'),
  };
}
