import { z } from 'zod';
import { APPLICATION_TYPES } from '../fees.js';
import { LANGUAGES } from '../i18n/languages.js';
import { QUEUE_STATUSES } from '../queue.js';

// Operations dashboards (staff-and-video.md §2 Automated Operations Dashboard and Production
// Operations Center, §3 Queue status (admin) and Billing verification, §9 polling; ruling 3:
// `analytics`, `financial` for revenue) and the Doctor Dashboard (§2, §3 Doctor queue entry).
// Money is a dollar string with two decimals (ruling 15); minutes are numbers; dates are the
// clinic's calendar days (CLINIC_TIMEZONE) as YYYY-MM-DD.

/** ?days=N: the window is today and the N−1 days before it, in the clinic's time zone. */
const days = (fallback: number) =>
  z.coerce
    .number({ error: 'Days must be a whole number from 1 to 365' })
    .int('Days must be a whole number from 1 to 365')
    .min(1, 'Days must be a whole number from 1 to 365')
    .max(365, 'Days must be a whole number from 1 to 365')
    .default(fallback);

// ---------------------------------------------------------------- GET /api/admin/queue-status

export const AdminQueueEntrySchema = z.object({
  id: z.string(),
  /** Place among the waiting patients (1 is next); 0 once admitted or in consultation. */
  currentPosition: z.number().int(),
  applicationId: z.string(),
  /** Who the entry is (issue 12: staff see patients named, never a bare id). */
  patientName: z.string(),
  /** YYYY-MM-DD, or null when the patient has not given it. */
  dateOfBirth: z.string().nullable(),
  /** The patient's language (issue 24): `es` flags a Spanish speaker. */
  language: z.enum(LANGUAGES),
  /** Minutes; 0 once admitted. */
  estimatedWaitTime: z.number().int(),
  status: z.enum(QUEUE_STATUSES),
  joinedAt: z.string(),
});

export const AdminQueueStatusSchema = z.object({
  /** Patients waiting (not yet admitted). */
  queueLength: z.number().int(),
  /** Minutes, one decimal: today's measured wait from joining to admission; 0 when none. */
  averageWaitTime: z.number(),
  /** Minutes (the figure the patients' estimates use; 15 until there is data). */
  averageConsultationMinutes: z.number(),
  /**
   * Doctors with a live connection now (issue 12: 0 when none is online). The estimates divide
   * by the doctors on duty in ruling 16's sense, at least one.
   */
  doctorsOnDuty: z.number().int(),
  /** Waiting, admitted and in-consultation entries, in the order patients are seen. */
  queue: z.array(AdminQueueEntrySchema),
});
export type AdminQueueStatus = z.infer<typeof AdminQueueStatusSchema>;

// ------------------------------------------------------- GET /api/admin/billing-verification

export const BillingQuerySchema = z.object({ days: days(1) });

export const BillingVerificationSchema = z.object({
  /** The window: `days` calendar days ending today (clinic time zone). */
  window: z.object({ days: z.number().int(), from: z.string(), to: z.string() }),
  /**
   * Dollar string: payments captured in the window, less refunds, less the state fees they
   * collected for OMMA (issue 22: not revenue).
   */
  revenue: z.string(),
  /**
   * The state fees those payments collected (clinic_submits), by what became of them: held
   * until the desk submits, paid to OMMA with the submission, refunded (not submitted).
   */
  stateFees: z.object({ held: z.string(), paidToOmma: z.string(), refunded: z.string() }),
  /** Refunds of the clinic's own fees on payments still captured (all but the state fee). */
  refunds: z.string(),
  /** Consultations ended in the window with an outcome recorded. */
  billableSessions: z.number().int(),
  overview: z.object({
    /** Consultations started in the window. */
    totalConsultations: z.number().int(),
    /** …of which ended. */
    completedConsultations: z.number().int(),
    /** …of which ended with an outcome recorded. */
    billableConsultations: z.number().int(),
    totalRevenue: z.string(),
    /** Percent, one decimal (completed / total); 0 when there are none. */
    completionRate: z.number(),
    /** Percent, one decimal (billable / total); 0 when there are none. */
    billableRate: z.number(),
  }),
});
export type BillingVerification = z.infer<typeof BillingVerificationSchema>;

// ------------------------------------------------------------------ GET /api/admin/analytics

export const AnalyticsQuerySchema = z.object({ days: days(30) });

export const AnalyticsSchema = z.object({
  window: z.object({ days: z.number().int(), from: z.string(), to: z.string() }),
  /** Consultations started per day, every day of the window (zeros included). */
  consultationsPerDay: z.array(z.object({ date: z.string(), count: z.number().int() })),
  /** Minutes from joining the queue to admission, one decimal; null when there is no data. */
  waitTimes: z.object({
    averageMinutes: z.number().nullable(),
    p90Minutes: z.number().nullable(),
  }),
  /** Patients registered in the window and how far each got (paid, consulted, approved). */
  conversion: z.object({
    registered: z.number().int(),
    paid: z.number().int(),
    consulted: z.number().int(),
    approved: z.number().int(),
  }),
  /** Only for callers holding `financial`; absent otherwise. */
  revenue: z
    .object({
      total: z.string(),
      perDay: z.array(z.object({ date: z.string(), amount: z.string() })),
    })
    .optional(),
  /** 'own' for a doctor_admin: figures limited to the consultations whose outcome they recorded. */
  scope: z.enum(['clinic', 'own']),
});
export type Analytics = z.infer<typeof AnalyticsSchema>;

// ---------------------------------------------------------------- Doctor Dashboard (doctors)

/** GET /api/doctor/queue: §3 Doctor queue entry plus what the table shows. */
export const DoctorQueueEntrySchema = z.object({
  id: z.string(),
  applicationId: z.string(),
  /** Place among the waiting patients (clinic-wide); 0 once admitted. */
  position: z.number().int(),
  joinedAt: z.string(),
  /** Minutes. */
  estimatedWaitTime: z.number().int(),
  status: z.enum(QUEUE_STATUSES),
  patientName: z.string(),
  /** YYYY-MM-DD, or null when not given: with the name, tells two namesakes apart. */
  dateOfBirth: z.string().nullable(),
  /** The patient's language (issue 24): `es` flags a Spanish speaker. */
  language: z.enum(LANGUAGES),
  applicationType: z.enum(APPLICATION_TYPES),
  /** Whole minutes waited: until admission, or until now while waiting. */
  waitTime: z.number().int(),
});
export type DoctorQueueEntry = z.infer<typeof DoctorQueueEntrySchema>;
export const DoctorQueueSchema = z.array(DoctorQueueEntrySchema);

export const DoctorConsultationsQuerySchema = z.object({
  scope: z.enum(['active', 'today'], { error: 'Scope must be active or today' }).default('active'),
});

/** GET /api/doctor/consultations: the doctor's own consultations. */
export const DoctorConsultationSchema = z.object({
  id: z.string(),
  /** The queue entry, for POST /api/admin/end-consultation {queueId}. */
  queueId: z.string(),
  patientId: z.string(),
  patientName: z.string(),
  /** YYYY-MM-DD, or null when not given (issue 12: staff see name and date of birth). */
  dateOfBirth: z.string().nullable(),
  applicationId: z.string(),
  applicationType: z.enum(APPLICATION_TYPES),
  roomId: z.string().nullable(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  durationSeconds: z.number().int().nullable(),
  /** 'approved' | 'not_approved', or null until recorded. */
  outcome: z.enum(['approved', 'not_approved']).nullable(),
});
export type DoctorConsultation = z.infer<typeof DoctorConsultationSchema>;
export const DoctorConsultationListSchema = z.array(DoctorConsultationSchema);

/** GET /api/doctor/stats: the dashboard's cards. */
export const DoctorStatsSchema = z.object({
  /** Patients waiting clinic-wide. */
  waiting: z.number().int(),
  /** The doctor's consultations started and not ended. */
  activeSessions: z.number().int(),
  /** Distinct patients the doctor began seeing today (clinic time zone). */
  todaysPatients: z.number().int(),
  /** Minutes, one decimal, from the doctor's ended consultations over 30 days; null when none. */
  averageDurationMinutes: z.number().nullable(),
});
export type DoctorStats = z.infer<typeof DoctorStatsSchema>;
