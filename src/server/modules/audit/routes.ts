import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { todayIso } from '../../../shared/dates.js';
import {
  AUDIT_EXPORT_MAX_ROWS,
  type AuditFilters,
  AuditFiltersSchema,
  AuditPageSchema,
  AuditPatientSearchSchema,
  AuditQuerySchema,
} from '../../../shared/schemas/audit.js';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { currentUser, requireAccess } from '../../plugins/auth.js';
import { AUDIT_CSV_HEADER, auditCsvRow, csvLine } from './csv.js';
import { audit } from './service.js';
import {
  describeRows,
  searchTrailPatients,
  trailActors,
  trailCount,
  trailPatient,
  trailRows,
  trailWhere,
} from './trail.js';

const EXPORT_BATCH = 1000;

/** The filters as the trail's own rows keep them: ids and dates, never a name. */
const filtersOf = (f: AuditFilters) =>
  Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined));

/**
 * The audit trail for master admins (issue 13). Reading it is itself audited: the page shows
 * patients' names and dates of birth, so each read names the patients it showed, like any
 * other list read; the filters are kept (ids and dates only).
 */
export async function auditRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const guard = { onRequest: requireAccess('auditTrail') };
  const actorOf = (request: FastifyRequest) => {
    const user = currentUser(request);
    return { id: user.id, role: user.role };
  };
  const timeZone = ctx.config.CLINIC_TIMEZONE;

  app.get(
    '/api/admin/audit',
    { ...guard, schema: { querystring: AuditQuerySchema, response: { 200: AuditPageSchema } } },
    async (request) => {
      const { page, pageSize, ...filters } = request.query;
      const where = trailWhere(filters, timeZone);
      const [rows, total] = await Promise.all([
        trailRows(ctx.db, where, pageSize, (page - 1) * pageSize),
        trailCount(ctx.db, where),
      ]);
      const entries = await describeRows(ctx.db, rows);
      const patient = filters.patientId ? await trailPatient(ctx.db, filters.patientId) : null;
      await audit(ctx.db, {
        actor: actorOf(request),
        action: 'audit.viewed',
        targetType: 'audit_log',
        ip: request.ip,
        details: { filters: filtersOf(filters), page, pageSize, count: entries.length },
        patientIds: [
          ...entries.flatMap((e) => e.patients.map((p) => p.id)),
          ...(patient ? [patient.id] : []),
        ],
      });
      return { entries, page, pageSize, total, patient };
    },
  );

  app.get('/api/admin/audit/actors', guard, async () => ({ actors: await trailActors(ctx.db) }));

  app.get(
    '/api/admin/audit/patients',
    { ...guard, schema: { querystring: AuditPatientSearchSchema } },
    async (request) => {
      const patients = await searchTrailPatients(ctx.db, request.query.q);
      // Names and dates of birth: a list read like any other (the search text is not kept).
      await audit(ctx.db, {
        actor: actorOf(request),
        action: 'patient_data.read',
        targetType: 'audit_patient_search',
        ip: request.ip,
        details: { count: patients.length, queryLength: request.query.q.length },
        patientIds: patients.map((p) => p.id),
      });
      return { patients };
    },
  );

  app.get(
    '/api/admin/audit/export.csv',
    { ...guard, schema: { querystring: AuditFiltersSchema } },
    async (request, reply) => {
      const filters = request.query;
      const where = trailWhere(filters, timeZone);
      const total = await trailCount(ctx.db, where);
      if (total > AUDIT_EXPORT_MAX_ROWS)
        throw new AppError(
          'BAD_REQUEST',
          `The export holds at most ${AUDIT_EXPORT_MAX_ROWS.toLocaleString('en-US')} rows and these filters match ${total.toLocaleString('en-US')}: narrow the dates or choose a person, patient or action`,
        );
      let csv = csvLine(AUDIT_CSV_HEADER);
      const patientIds = new Set<string>();
      // Rows are read once, newest first, in batches; the count above bounds them.
      for (let offset = 0; offset < total; offset += EXPORT_BATCH) {
        const entries = await describeRows(
          ctx.db,
          await trailRows(ctx.db, where, EXPORT_BATCH, offset),
        );
        if (!entries.length) break;
        for (const entry of entries) {
          csv += auditCsvRow(entry, timeZone);
          for (const p of entry.patients) patientIds.add(p.id);
        }
      }
      await audit(ctx.db, {
        actor: actorOf(request),
        action: 'audit.exported',
        targetType: 'audit_log',
        ip: request.ip,
        details: { filters: filtersOf(filters), rows: total },
        patientIds: [...patientIds],
      });
      // No name in the file name: downloads folders are not PHI stores.
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header(
          'Content-Disposition',
          `attachment; filename="audit-trail-${todayIso(timeZone)}.csv"`,
        )
        .header('Cache-Control', 'no-store')
        .send(csv);
    },
  );
}
