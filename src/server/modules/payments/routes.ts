import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PaymentRequestSchema } from '../../../shared/schemas/payment.js';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { requestLanguage } from '../../i18n/request-language.js';
import { currentUser, requireRole } from '../../plugins/auth.js';
import { audit } from '../audit/service.js';
import { currentPatient } from '../patients/guards.js';
import { dollarsToCents } from './authorize-net.js';
import { GatewayError, type RefundedCharge } from './gateway.js';
import { recordRefund } from './refunds.js';
import { reversePayment } from './reversal.js';
import { processPayment } from './service.js';

const REFUND_EVENT = 'net.authorize.payment.refund.created';
const VOID_EVENT = 'net.authorize.payment.void.created';

interface WebhookEvent {
  eventType?: string;
  payload?: { id?: string | number; authAmount?: number | string };
}

/** The refunded charge; an unanswered question is a 502 so the processor sends again. */
async function refundedCharge(ctx: AppContext, refundId: string): Promise<RefundedCharge | null> {
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
        language: request.body.consentLanguage ?? requestLanguage(request),
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
      let event: WebhookEvent;
      try {
        event = JSON.parse(raw);
      } catch {
        throw new AppError('BAD_REQUEST', 'The request body is not valid JSON');
      }
      const eventId = event.payload?.id;
      if (eventId === undefined || eventId === null) return { received: true };
      if (event.eventType === VOID_EVENT)
        // A void keeps the charge's id and releases all of it.
        await reversePayment(ctx, {
          transactionId: String(eventId),
          kind: 'voided',
          actor: null,
          ip: request.ip,
          via: 'webhook',
        });
      else if (event.eventType === REFUND_EVENT) {
        // A refund is a new transaction naming the charge it gives back on as its refTransId,
        // which only the processor's details tell, with the amount (issue 22: it may be part
        // of the charge). The signed payload's authAmount stands in if the details lack it.
        const refund = await refundedCharge(ctx, String(eventId));
        if (refund)
          await recordRefund(ctx, {
            chargeId: refund.chargeId,
            refundId: String(eventId),
            amountCents: refund.amountCents ?? dollarsToCents(event.payload?.authAmount),
            ip: request.ip,
          });
      }
      return { received: true };
    });
  });
}
