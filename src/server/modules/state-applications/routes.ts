import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdSchema } from '../../../shared/schemas/follow-up.js';
import {
  CardMailedBodySchema,
  ChecklistBodySchema,
  DecisionBodySchema,
  RefundStateFeeBodySchema,
  StateApplicationDetailSchema,
  StateApplicationListSchema,
  SubmittedBodySchema,
} from '../../../shared/schemas/state-application.js';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { currentUser, requireAccess } from '../../plugins/auth.js';
import { auditListRead, listReaderOf } from '../audit/list-reads.js';
import { patientUserIds } from '../audit/patients.js';
import { audit } from '../audit/service.js';
import { recordCardMailed, recordDecision, recordSubmitted, saveChecklist } from './desk.js';
import { listStateApplications, loadStateApplicationDetail } from './queries.js';
import { refundStateFee } from './refund-state-fee.js';

// The State Applications desk (issue 22): document staff (ACCESS.stateApplications: the
// `documents` permission, no doctors) prepare, submit and follow patients' OMMA applications.
// The state fee's refund is money: it needs `financial` as well (ACCESS.stateFeeRefund).
// Every answer with a patient in it is an audited read; every write answers the application
// as it now stands.

const Params = z.object({ id: IdSchema('State application not found') });
const BASE = '/api/admin/state-applications';

export async function stateApplicationRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // The guard runs first (onRequest): a caller without access never sees a validation message.
  const guard = { onRequest: requireAccess('stateApplications') };
  const actorOf = (request: FastifyRequest) => {
    const user = currentUser(request);
    return { id: user.id, role: user.role };
  };

  /** The application as it stands, read as patient data (one audit row). */
  const detail = async (request: FastifyRequest, id: string) => {
    const found = await loadStateApplicationDetail(ctx, ctx.db, id);
    if (!found) throw new AppError('NOT_FOUND', 'State application not found');
    await audit(ctx.db, {
      actor: actorOf(request),
      action: 'patient_data.read',
      targetType: 'state_application',
      targetId: id,
      ip: request.ip,
      patientIds: await patientUserIds(ctx.db, { applicationIds: [found.applicationId] }),
    });
    return found;
  };

  app.get(
    BASE,
    { ...guard, schema: { response: { 200: StateApplicationListSchema } } },
    async (request) => {
      const list = await listStateApplications(ctx);
      await auditListRead(ctx, listReaderOf(request), {
        targetType: 'state_applications',
        details: { count: list.applications.length + list.expiringLicenses.length },
        patientIds: [
          ...(await patientUserIds(ctx.db, {
            applicationIds: list.applications.map((r) => r.applicationId),
            profileIds: list.expiringLicenses.map((l) => l.patientId),
          })),
        ],
      });
      return list;
    },
  );

  const one = {
    ...guard,
    schema: { params: Params, response: { 200: StateApplicationDetailSchema } },
  };

  app.get(`${BASE}/:id`, one, async (request) => detail(request, request.params.id));

  app.put(
    `${BASE}/:id/checklist`,
    { ...guard, schema: { ...one.schema, body: ChecklistBodySchema } },
    async (request) => {
      const { id } = request.params;
      await saveChecklist({ ctx, actor: actorOf(request), id, ip: request.ip, ...request.body });
      return detail(request, id);
    },
  );

  app.post(
    `${BASE}/:id/submitted`,
    { ...guard, schema: { ...one.schema, body: SubmittedBodySchema } },
    async (request) => {
      const { id } = request.params;
      await recordSubmitted({ ctx, actor: actorOf(request), id, ip: request.ip, ...request.body });
      return detail(request, id);
    },
  );

  app.post(
    `${BASE}/:id/decision`,
    { ...guard, schema: { ...one.schema, body: DecisionBodySchema } },
    async (request) => {
      const { id } = request.params;
      await recordDecision({
        ctx,
        actor: actorOf(request),
        id,
        ip: request.ip,
        decision: request.body,
      });
      return detail(request, id);
    },
  );

  app.post(
    `${BASE}/:id/card-mailed`,
    { ...guard, schema: { ...one.schema, body: CardMailedBodySchema } },
    async (request) => {
      const { id } = request.params;
      await recordCardMailed({ ctx, actor: actorOf(request), id, ip: request.ip, ...request.body });
      return detail(request, id);
    },
  );

  app.post(
    `${BASE}/:id/refund-state-fee`,
    {
      onRequest: requireAccess('stateFeeRefund'),
      schema: { ...one.schema, body: RefundStateFeeBodySchema },
    },
    async (request) => {
      const { id } = request.params;
      const outcome = await refundStateFee({
        ctx,
        actor: actorOf(request),
        id,
        ip: request.ip,
        reason: request.body.reason,
      });
      if (outcome === 'refused')
        throw new AppError(
          'BAD_GATEWAY',
          'The card processor refused the refund: nothing was refunded',
        );
      // `pending`: decided, the processor not heard yet; upkeep finishes it (stateFee: refunding).
      return detail(request, id);
    },
  );
}
