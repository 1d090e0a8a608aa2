import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { cardBrand, digitsOnly, luhnValid } from '../../../shared/schemas/payment.js';
import type { ChargeRequest, ChargeResult, PaymentGateway } from './gateway.js';

// The default outside production (and, set explicitly, for demos and staging): no money
// moves. Numbers are checked with Luhn; 4000 0000 0000 0002 declines like a processor would.

export const DECLINE_CARD = '4000000000000002';
export const DECLINE_MESSAGE = 'This transaction has been declined.';

export class SimulatorGateway implements PaymentGateway {
  readonly name = 'simulator' as const;
  private readonly webhookKey = randomBytes(32).toString('hex');

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    const number = digitsOnly(request.cardNumber);
    if (!luhnValid(number))
      return { approved: false, message: 'The credit card number is invalid.' };
    if (number === DECLINE_CARD) return { approved: false, message: DECLINE_MESSAGE };
    return {
      approved: true,
      transactionId: `sim_${randomBytes(8).toString('hex')}`,
      brand: cardBrand(number),
      last4: number.slice(-4),
    };
  }

  verifyWebhook(rawBody: string, header: string | undefined): boolean {
    return verifyHmacSha512(this.webhookKey, rawBody, header);
  }
}

/** `X-ANET-Signature: sha512=<HEX>`: HMAC-SHA512 of the raw body with the signature key. */
export function verifyHmacSha512(
  key: string,
  rawBody: string,
  header: string | undefined,
): boolean {
  const given = /^sha512=([0-9a-fA-F]{128})$/.exec(header?.trim() ?? '')?.[1];
  if (!given) return false;
  const expected = createHmac('sha512', key).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(given, 'hex'));
}
