// The Doctor Consultation Interface's address: /admin/consultation?patientId=&queueId=&roomId=
// (the spec's parameters), plus consultationId (for the outcome once the consultation ended)
// and applicationId (to find the patient when the caller had no patient id).

export interface ConsultationTarget {
  patientId?: string | null;
  queueId?: string | null;
  roomId?: string | null;
  consultationId?: string | null;
  applicationId?: string | null;
}

const KEYS = ['patientId', 'queueId', 'roomId', 'consultationId', 'applicationId'] as const;

export function consultationPath(target: ConsultationTarget): string {
  const params = new URLSearchParams();
  for (const key of KEYS) {
    const value = target[key];
    if (value) params.set(key, value);
  }
  return `/admin/consultation?${params.toString()}`;
}

export function readConsultationTarget(params: URLSearchParams): ConsultationTarget {
  const target: ConsultationTarget = {};
  for (const key of KEYS) target[key] = params.get(key) || null;
  return target;
}
