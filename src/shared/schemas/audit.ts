import { z } from 'zod';
import { AUDIT_ACTIONS } from '../audit-actions.js';
import { isIsoDate } from '../dates.js';

// The audit trail page and its CSV export (issue 13): master admins only.

export const AUDIT_PAGE_SIZES = [25, 50, 100] as const;
export const AUDIT_DEFAULT_PAGE_SIZE = 25;
/** An export is bounded: past this, narrow the filters. */
export const AUDIT_EXPORT_MAX_ROWS = 10_000;

/** A query-string value the screen sends empty when no filter is chosen. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

const userId = (message: string) => z.uuid(message).transform((id) => id.toLowerCase());
const day = (message: string) =>
  z.string().refine(isIsoDate, message).describe('YYYY-MM-DD in the clinic time zone');

const AuditFilterFields = z.object({
  actorId: optional(userId('Choose a person from the list')),
  patientId: optional(userId('Choose a patient from the list')),
  action: optional(z.enum(AUDIT_ACTIONS, { error: 'Choose an action from the list' })),
  from: optional(day('From must be a date (YYYY-MM-DD)')),
  to: optional(day('To must be a date (YYYY-MM-DD)')),
});
const datesInOrder = {
  check: (f: { from?: string; to?: string }) => !f.from || !f.to || f.from <= f.to,
  params: { path: ['to'], message: 'To must be on or after From' },
};

/** The filters; dates are whole days in the clinic's time zone, both ends included. */
export const AuditFiltersSchema = AuditFilterFields.refine(datesInOrder.check, datesInOrder.params);
export type AuditFilters = z.infer<typeof AuditFiltersSchema>;

const PAGE_MESSAGE = 'Page must be a whole number from 1';
const PAGE_SIZE_MESSAGE = 'Page size must be 25, 50 or 100';

export const AuditQuerySchema = AuditFilterFields.extend({
  page: optional(
    z.coerce
      .number({ error: PAGE_MESSAGE })
      .int(PAGE_MESSAGE)
      .min(1, PAGE_MESSAGE)
      .max(100_000, 'Page is too large'),
  ).transform((n) => n ?? 1),
  pageSize: optional(
    z.coerce
      .number({ error: PAGE_SIZE_MESSAGE })
      .refine((n) => (AUDIT_PAGE_SIZES as readonly number[]).includes(n), PAGE_SIZE_MESSAGE),
  ).transform((n) => n ?? AUDIT_DEFAULT_PAGE_SIZE),
}).refine(datesInOrder.check, datesInOrder.params);
export type AuditQuery = z.input<typeof AuditQuerySchema>;

export const AuditPersonSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: z.string(),
  roleLabel: z.string(),
});
export type AuditPerson = z.infer<typeof AuditPersonSchema>;

export const AuditPatientSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** YYYY-MM-DD, or null when not given. */
  dateOfBirth: z.string().nullable(),
});
export type AuditPatient = z.infer<typeof AuditPatientSchema>;

/** One row, in plain words: who, what, when, from where, on which record, about whom. */
export const AuditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  /** Null for the system (upkeep, a processor's notification) or an unknown caller. */
  actor: AuditPersonSchema.nullable(),
  action: z.string(),
  what: z.string(),
  outcome: z.string(),
  outcomeWords: z.string(),
  ip: z.string().nullable(),
  target: z
    .object({ type: z.string(), words: z.string(), id: z.string().nullable(), label: z.string() })
    .nullable(),
  patients: z.array(AuditPatientSchema),
});
export type AuditEntryView = z.infer<typeof AuditEntrySchema>;

export const AuditPageSchema = z.object({
  entries: z.array(AuditEntrySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  /** The patient the filter names, so the screen can show who it is filtered to. */
  patient: AuditPatientSchema.nullable(),
});
export type AuditPage = z.infer<typeof AuditPageSchema>;

export const AuditPatientSearchSchema = z.object({
  q: z
    .string({ error: 'Type at least 2 letters of the name' })
    .trim()
    .min(2, 'Type at least 2 letters of the name')
    .max(100, 'Keep the search under 100 characters'),
});
