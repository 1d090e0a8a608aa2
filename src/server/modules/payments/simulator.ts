import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { cardBrand, digitsOnly, luhnValid } from '../../../shared/schemas/payment.js';
import type { Executor } from '../../db/client.js';
import { simulatorCharges } from '../../db/schema/index.js';
import type {
  ChargeRequest,
  ChargeResult,
  FollowUpResult,
  LookupResult,
  PaymentGateway,
  RefundedCharge,
  RefundRequest,
} from './gateway.js';

// The default outside production (and, set explicitly, for demos and staging): no money
// moves. Numbers are checked with Luhn; 4000 0000 0000 0002 declines like a processor would.
// Its ledger keeps each hold's status (authorized, captured, voided, refunded) as a processor's
// books would, so a capture or void retried after a crash is answered truthfully.

export type SimulatorStatus = 'authorized' | 'captured' | 'voided' | 'refunded' | 'declined';

export const DECLINE_CARD = '4000000000000002';
export const DECLINE_MESSAGE = 'This transaction has been declined.';

interface LedgerEntry {
  reference: string;
  approved: boolean;
  status: SimulatorStatus;
  transactionId: string;
  brand: string | null;
  last4: string | null;
  message: string | null;
}

/** Where the simulator keeps what it charged, so it can answer lookups after a crash. */
export interface SimulatorLedger {
  record(entry: LedgerEntry): Promise<void>;
  find(reference: string): Promise<LedgerEntry | null>;
  findTransaction(transactionId: string): Promise<LedgerEntry | null>;
  /** Moves a transaction from one of `from` to `to`; false when it was in none of them. */
  move(transactionId: string, from: SimulatorStatus[], to: SimulatorStatus): Promise<boolean>;
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
    return row ? { ...row, status: row.status as SimulatorStatus } : null;
  },
  async findTransaction(transactionId) {
    const [row] = await db
      .select()
      .from(simulatorCharges)
      .where(eq(simulatorCharges.transactionId, transactionId))
      .limit(1);
    return row ? { ...row, status: row.status as SimulatorStatus } : null;
  },
  async move(transactionId, from, to) {
    const moved = await db
      .update(simulatorCharges)
      .set({ status: to })
      .where(
        and(
          eq(simulatorCharges.transactionId, transactionId),
          inArray(simulatorCharges.status, from),
        ),
      )
      .returning({ reference: simulatorCharges.reference });
    return moved.length > 0;
  },
});

/** For a simulator built without a database (unit tests): forgets everything on exit. */
export function memoryLedger(): SimulatorLedger {
  const entries = new Map<string, LedgerEntry>();
  const byTransaction = (id: string) =>
    [...entries.values()].find((e) => e.transactionId === id) ?? null;
  return {
    record: async (entry) => void entries.set(entry.reference, { ...entry }),
    find: async (reference) => entries.get(reference) ?? null,
    findTransaction: async (id) => byTransaction(id),
    move: async (id, from, to) => {
      const entry = byTransaction(id);
      if (!entry || !from.includes(entry.status)) return false;
      entry.status = to;
      return true;
    },
  };
}

export class SimulatorGateway implements PaymentGateway {
  readonly name = 'simulator' as const;
  private readonly webhookKey = randomBytes(32).toString('hex');

  constructor(private readonly ledger: SimulatorLedger = memoryLedger()) {}

  async authorize(request: ChargeRequest): Promise<ChargeResult> {
    const number = digitsOnly(request.cardNumber);
    if (!luhnValid(number))
      return { approved: false, message: 'The credit card number is invalid.' };
    const transactionId = `sim_${randomBytes(8).toString('hex')}`;
    const approved = number !== DECLINE_CARD;
    const entry: LedgerEntry = {
      reference: request.reference,
      approved,
      status: approved ? 'authorized' : 'declined',
      transactionId,
      brand: approved ? cardBrand(number) : null,
      last4: approved ? number.slice(-4) : null,
      message: approved ? null : DECLINE_MESSAGE,
    };
    // Booked before the answer leaves, as a processor holds the amount before it answers.
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

  /** Takes a held amount; a capture already made answers done again (a retry). */
  async capture(transactionId: string, _amountCents: number): Promise<FollowUpResult> {
    return this.follow(transactionId, ['authorized'], 'captured');
  }

  /** Releases a hold, or cancels a capture (the simulator never settles). */
  async void(transactionId: string): Promise<FollowUpResult> {
    return this.follow(transactionId, ['authorized', 'captured'], 'voided');
  }

  async refund(request: RefundRequest): Promise<FollowUpResult> {
    return this.follow(request.transactionId, ['captured'], 'refunded');
  }

  private async follow(
    transactionId: string,
    from: SimulatorStatus[],
    to: SimulatorStatus,
  ): Promise<FollowUpResult> {
    if (await this.ledger.move(transactionId, from, to)) return { done: true, transactionId };
    const entry = await this.ledger.findTransaction(transactionId);
    if (entry?.status === to) return { done: true, transactionId };
    if (!entry) return { done: false, message: 'The referenced transaction was not found.' };
    return { done: false, message: `The transaction is ${entry.status}.` };
  }

  /** The simulator sends no webhooks, so no refund is ever asked about. */
  async refundedCharge(_refundTransactionId: string): Promise<RefundedCharge | null> {
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
