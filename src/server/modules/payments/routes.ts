import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ownEntry } from '../../../shared/own-keys.js';
import { PaymentRequestSchema } from '../../../shared/schemas/payment.js';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { currentUser, requireRole } from '../../plugins/auth.js';
import { audit } from '../audit/service.js';
import { currentPatient } from '../patients/guards.js';
import { GatewayError } from './gateway.js';
import { type Reversal, reversePayment } from './reversal.js';
import { processPayment } from './service.js';

const WEBHOOK_STATUS: Record<string, Reversal> = {
  'net.authorize.payment.refund.created': 'refunded',
  'net.authorize.payment.void.created': 'voided',
};

/** The refunded charge's id; an unanswered question is a 502 so the processor sends again. */
async function refundedCharge(ctx: AppContext, refundId: string): Promise<string | null> {
  try {
    return await ctx.payments.refundedCharge(refundId);
  } catch (err) {
    if (err instanceof GatewayError)
      throw new AppError('BAD_GATEWAY', 'The processor could not be asked about this refund');
    throw err;
  }
}

export async function paymentRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/process-payment',
    { onRequest: requireRole('patient'), schema: { body: PaymentRequestSchema } },
    async (request) => {
      currentUser(request);
      const key = request.headers['idempotency-key'];
      return processPayment(ctx, {
        patient: currentPatient(request),
        actor: { id: currentUser(request).id, role: 'patient' },
        input: request.body,
        idempotencyKey: typeof key === 'string' ? key : undefined,
        ip: request.ip,
      });
    },
  );

  // The processor's notifications, verified by signature over the raw body.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_req, body, done) => done(null, body),
    );
    scope.post('/api/payments/webhook', async (request) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      const signature = request.headers['x-anet-signature'];
      if (!ctx.payments.verifyWebhook(raw, typeof signature === 'string' ? signature : undefined)) {
        await audit(ctx.db, { action: 'payment.webhook', ip: request.ip, outcome: 'denied' });
        throw new AppError('UNAUTHORIZED', 'Invalid signature');
      }
      let event: { eventType?: string; payload?: { id?: string } };
      try {
        event = JSON.parse(raw);
      } catch {
        throw new AppError('BAD_REQUEST', 'The request body is not valid JSON');
      }
      const status = ownEntry(WEBHOOK_STATUS, event.eventType);
      const eventId = event.payload?.id;
      // A void keeps the charge's id; a refund is a new transaction naming the charge it
      // gives back as its refTransId, which only the processor's details tell.
      const transactionId =
        status && eventId !== undefined
          ? status === 'refunded'
            ? await refundedCharge(ctx, String(eventId))
            : String(eventId)
          : null;
      if (status && transactionId)
        await reversePayment(ctx, {
          transactionId,
          kind: status,
          actor: null,
          ip: request.ip,
          via: 'webhook',
        });
      return { received: true };
    });
  });
}
