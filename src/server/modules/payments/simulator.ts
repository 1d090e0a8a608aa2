import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { cardBrand, digitsOnly, luhnValid } from '../../../shared/schemas/payment.js';
import type { Executor } from '../../db/client.js';
import { simulatorCharges } from '../../db/schema/index.js';
import type { ChargeRequest, ChargeResult, LookupResult, PaymentGateway } from './gateway.js';

// The default outside production (and, set explicitly, for demos and staging): no money
// moves. Numbers are checked with Luhn; 4000 0000 0000 0002 declines like a processor would.

export const DECLINE_CARD = '4000000000000002';
export const DECLINE_MESSAGE = 'This transaction has been declined.';

interface LedgerEntry {
  reference: string;
  approved: boolean;
  transactionId: string;
  brand: string | null;
  last4: string | null;
  message: string | null;
}

/** Where the simulator keeps what it charged, so it can answer lookups after a crash. */
export interface SimulatorLedger {
  record(entry: LedgerEntry): Promise<void>;
  find(reference: string): Promise<LedgerEntry | null>;
}

/** The ledger in the app's database: survives a kill -9 like a real processor's books. */
export const databaseLedger = (db: Executor): SimulatorLedger => ({
  async record(entry) {
    await db.insert(simulatorCharges).values(entry).onConflictDoNothing();
  },
  async find(reference) {
    const [row] = await db
      .select()
      .from(simulatorCharges)
      .where(eq(simulatorCharges.reference, reference))
      .limit(1);
    return row ?? null;
  },
});

/** For a simulator built without a database (unit tests): forgets everything on exit. */
export function memoryLedger(): SimulatorLedger {
  const entries = new Map<string, LedgerEntry>();
  return {
    record: async (entry) => void entries.set(entry.reference, entry),
    find: async (reference) => entries.get(reference) ?? null,
  };
}

export class SimulatorGateway implements PaymentGateway {
  readonly name = 'simulator' as const;
  private readonly webhookKey = randomBytes(32).toString('hex');

  constructor(private readonly ledger: SimulatorLedger = memoryLedger()) {}

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    const number = digitsOnly(request.cardNumber);
    if (!luhnValid(number))
      return { approved: false, message: 'The credit card number is invalid.' };
    const transactionId = `sim_${randomBytes(8).toString('hex')}`;
    const approved = number !== DECLINE_CARD;
    const entry: LedgerEntry = {
      reference: request.reference,
      approved,
      transactionId,
      brand: approved ? cardBrand(number) : null,
      last4: approved ? number.slice(-4) : null,
      message: approved ? null : DECLINE_MESSAGE,
    };
    // Booked before the answer leaves, as a processor charges before it answers.
    await this.ledger.record(entry);
    if (!approved) return { approved: false, message: DECLINE_MESSAGE };
    return { approved: true, transactionId, brand: entry.brand!, last4: entry.last4! };
  }

  async lookup(reference: string): Promise<LookupResult> {
    let entry: LedgerEntry | null;
    try {
      entry = await this.ledger.find(reference);
    } catch {
      return { status: 'unknown' };
    }
    if (!entry) return { status: 'not_found' };
    if (!entry.approved)
      return {
        status: 'declined',
        message: entry.message ?? DECLINE_MESSAGE,
        transactionId: entry.transactionId,
      };
    return {
      status: 'approved',
      transactionId: entry.transactionId,
      brand: entry.brand ?? '',
      last4: entry.last4 ?? '',
    };
  }

  /** The simulator makes no refunds. */
  async refundedCharge(_refundTransactionId: string): Promise<string | null> {
    return null;
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
