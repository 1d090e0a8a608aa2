import { formatCents } from '../../../shared/money.js';
import { cardBrand, digitsOnly } from '../../../shared/schemas/payment.js';
import {
  type ChargeRequest,
  type ChargeResult,
  type FollowUpResult,
  GatewayError,
  type LookupResult,
  type LookupWindow,
  type PaymentGateway,
  type RefundedCharge,
  type RefundRequest,
} from './gateway.js';
import { verifyHmacSha512 } from './simulator.js';

// Authorize.Net's JSON API (createTransactionRequest / createTransactionResponse). Its terms
// admit this industry, unlike some popular processors'. Docs: developer.authorize.net.

export interface AuthorizeNetConfig {
  apiLoginId: string;
  transactionKey: string;
  signatureKey: string;
  endpoint: string;
  timeoutMs?: number;
}

interface AnetMessage {
  code?: string;
  text?: string;
}
interface AnetResponse {
  transactionResponse?: {
    responseCode?: string;
    transId?: string;
    accountNumber?: string;
    accountType?: string;
    messages?: { code?: string; description?: string }[];
    errors?: { errorCode?: string; errorText?: string }[];
  };
  messages?: { resultCode?: string; message?: AnetMessage[] };
}

export class AuthorizeNetGateway implements PaymentGateway {
  readonly name = 'authorize_net' as const;
  constructor(private readonly config: AuthorizeNetConfig) {}

  /** authOnlyTransaction: the amount is held on the card, taken by a later capture. */
  async authorize(request: ChargeRequest): Promise<ChargeResult> {
    const [month, year] = request.expiryDate.split('/');
    const [firstName, ...rest] = request.billingName.trim().split(/\s+/);
    const body = {
      createTransactionRequest: {
        merchantAuthentication: this.auth(),
        refId: invoiceFor(request.reference),
        transactionRequest: {
          transactionType: 'authOnlyTransaction',
          amount: formatCents(request.amountCents),
          payment: {
            creditCard: {
              cardNumber: digitsOnly(request.cardNumber),
              expirationDate: `20${year}-${month}`,
              cardCode: request.cvv,
            },
          },
          order: {
            invoiceNumber: invoiceFor(request.reference),
            description: request.description.slice(0, 255),
          },
          billTo: {
            firstName: (firstName ?? '').slice(0, 50),
            lastName: rest.join(' ').slice(0, 50),
          },
        },
      },
    };
    const parsed = (await this.post(body)) as AnetResponse;
    return interpretResponse(parsed, request.cardNumber);
  }

  /** priorAuthCaptureTransaction: takes the amount an authOnlyTransaction held. */
  capture(transactionId: string, amountCents: number): Promise<FollowUpResult> {
    return this.followUp(
      {
        transactionType: 'priorAuthCaptureTransaction',
        amount: formatCents(amountCents),
        refTransId: transactionId,
      },
      ALREADY_CAPTURED,
    );
  }

  /** voidTransaction: releases a hold, or cancels a capture before settlement. */
  void(transactionId: string): Promise<FollowUpResult> {
    return this.followUp(
      { transactionType: 'voidTransaction', refTransId: transactionId },
      ALREADY_VOIDED,
    );
  }

  /**
   * refundTransaction: gives back a settled charge. The API wants the card's last four
   * (masked) and a masked expiry in place of the card we never stored.
   */
  refund(request: RefundRequest): Promise<FollowUpResult> {
    return this.followUp(
      {
        transactionType: 'refundTransaction',
        amount: formatCents(request.amountCents),
        payment: { creditCard: { cardNumber: `XXXX${request.last4}`, expirationDate: 'XXXX' } },
        refTransId: request.transactionId,
      },
      ALREADY_REFUNDED,
    );
  }

  /**
   * One transaction on an earlier one. The processor's "already done" answer counts as done:
   * a retry after a crash meets its own earlier success. No answer is a GatewayError.
   */
  private async followUp(
    transactionRequest: Record<string, unknown>,
    alreadyDone: string,
  ): Promise<FollowUpResult> {
    const res = (await this.post({
      createTransactionRequest: { merchantAuthentication: this.auth(), transactionRequest },
    })) as AnetResponse;
    const tx = res.transactionResponse;
    const refTransId = String(transactionRequest.refTransId);
    if (tx?.responseCode === '1') return { done: true, transactionId: tx.transId || refTransId };
    if (tx?.errors?.some((e) => e.errorCode === alreadyDone))
      return { done: true, transactionId: refTransId };
    if (!tx) {
      // No transaction at all: our credentials or request were refused; try again later.
      const text = res.messages?.message?.[0]?.text ?? 'no transaction response';
      throw new GatewayError(`processor refused the request: ${text}`, true);
    }
    return {
      done: false,
      message:
        tx.errors?.[0]?.errorText ??
        tx.messages?.[0]?.description ??
        'The processor refused the transaction',
    };
  }

  /**
   * Finds the charge made under our payment id by its invoice number: in the unsettled list
   * (newest first), then, since a charge can settle across the daily cut-off before it is
   * asked about, in the batches settled since the payment was created. Then its details.
   */
  async lookup(reference: string, window?: LookupWindow): Promise<LookupResult> {
    const invoiceNumber = invoiceFor(reference);
    try {
      const unsettled = await this.findUnsettled(invoiceNumber);
      if (unsettled !== 'not_found') return unsettled;
      const settled = window ? await this.findSettled(invoiceNumber, window) : 'not_found';
      return settled === 'not_found' ? { status: 'not_found' } : settled;
    } catch (err) {
      if (err instanceof GatewayError) return { status: 'unknown' };
      throw err;
    }
  }

  private findUnsettled(invoiceNumber: string): Promise<LookupResult | 'not_found'> {
    return this.findInList(invoiceNumber, 'getUnsettledTransactionListRequest');
  }

  /**
   * Pages through one transaction list, newest first, for the invoice number: its details
   * when found, 'not_found' when the list ends without it, unknown when the list cannot be
   * read or runs past the pages we read. (The API wants its fields in schema order.)
   */
  private async findInList(
    invoiceNumber: string,
    request: 'getUnsettledTransactionListRequest' | 'getTransactionListRequest',
    fields: { batchId?: string } = {},
  ): Promise<LookupResult | 'not_found'> {
    for (let offset = 1; offset <= LOOKUP_PAGES; offset++) {
      const list = (await this.post({
        [request]: {
          merchantAuthentication: this.auth(),
          ...fields,
          sorting: { orderBy: 'submitTimeUTC', orderDescending: true },
          paging: { limit: String(LOOKUP_PAGE_SIZE), offset: String(offset) },
        },
      })) as AnetListResponse;
      if (list.messages?.resultCode !== 'Ok') return { status: 'unknown' };
      const page = list.transactions ?? [];
      const found = page.find((t) => t.invoiceNumber === invoiceNumber);
      if (found?.transId) return await this.details(found.transId);
      if (page.length < LOOKUP_PAGE_SIZE) return 'not_found';
    }
    return { status: 'unknown' };
  }

  private async findSettled(
    invoiceNumber: string,
    window: LookupWindow,
  ): Promise<LookupResult | 'not_found'> {
    // An hour's margin each side (the dates are whole seconds, clocks differ); the API takes
    // at most 31 days per request, and a pending payment is minutes or days old.
    const first = new Date(window.since.getTime() - HOUR_MS);
    const last = new Date(
      Math.min(window.until.getTime() + HOUR_MS, first.getTime() + 30 * DAY_MS),
    );
    const batches = (await this.post({
      getSettledBatchListRequest: {
        merchantAuthentication: this.auth(),
        firstSettlementDate: anetDate(first),
        lastSettlementDate: anetDate(last),
      },
    })) as AnetBatchListResponse;
    if (batches.messages?.resultCode !== 'Ok') return { status: 'unknown' };
    for (const batch of batches.batchList ?? []) {
      if (!batch.batchId) continue;
      const found = await this.findInList(invoiceNumber, 'getTransactionListRequest', {
        batchId: batch.batchId,
      });
      if (found !== 'not_found') return found;
    }
    return 'not_found';
  }

  private async details(transId: string): Promise<LookupResult> {
    const res = (await this.post({
      getTransactionDetailsRequest: { merchantAuthentication: this.auth(), transId },
    })) as AnetDetailsResponse;
    const tx = res.transaction;
    if (res.messages?.resultCode !== 'Ok' || !tx) return { status: 'unknown' };
    // Held for fraud review: the merchant may yet approve it, so nothing is concluded.
    if (
      Number(tx.responseCode) === HELD_FOR_REVIEW ||
      REVIEW_STATUSES.has(tx.transactionStatus ?? '')
    )
      return { status: 'unknown' };
    if (Number(tx.responseCode) === 1 && APPROVED_STATUSES.has(tx.transactionStatus ?? ''))
      return {
        status: 'approved',
        transactionId: transId,
        brand: tx.payment?.creditCard?.cardType ?? '',
        last4: (tx.payment?.creditCard?.cardNumber ?? '').slice(-4),
      };
    return {
      status: 'declined',
      message: tx.responseReasonDescription || 'This transaction has been declined.',
      transactionId: transId,
    };
  }

  /**
   * A refund is a transaction of its own; the charge it gives back on is its refTransId, and
   * the amount given back its authAmount (settleAmount once settled).
   */
  async refundedCharge(refundTransactionId: string): Promise<RefundedCharge | null> {
    const res = (await this.post({
      getTransactionDetailsRequest: {
        merchantAuthentication: this.auth(),
        transId: refundTransactionId,
      },
    })) as AnetDetailsResponse;
    if (res.messages?.resultCode !== 'Ok') {
      const code = res.messages?.message?.[0]?.code;
      if (code === RECORD_NOT_FOUND) return null;
      throw new GatewayError('processor refused the details request');
    }
    const tx = res.transaction;
    if (tx?.transactionType !== 'refundTransaction' || !tx.refTransId) return null;
    return {
      chargeId: tx.refTransId,
      amountCents: dollarsToCents(tx.authAmount ?? tx.settleAmount),
    };
  }

  private auth() {
    return { name: this.config.apiLoginId, transactionKey: this.config.transactionKey };
  }

  /** One API call; anything but a JSON answer is a GatewayError (nothing known). */
  private async post(body: unknown): Promise<unknown> {
    let text: string;
    try {
      const res = await fetch(this.config.endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.config.timeoutMs ?? 30_000),
      });
      text = await res.text();
      if (!res.ok) throw new GatewayError(`processor answered HTTP ${res.status}`);
    } catch (err) {
      if (err instanceof GatewayError) throw err;
      throw new GatewayError('processor unreachable');
    }
    try {
      // The API prefixes its JSON with a byte-order mark.
      return JSON.parse(text.replace(/^\uFEFF/, ''));
    } catch {
      throw new GatewayError('processor answered with something that is not JSON');
    }
  }

  verifyWebhook(rawBody: string, header: string | undefined): boolean {
    return verifyHmacSha512(this.config.signatureKey, rawBody, header);
  }
}

/** Response reason codes: the transaction was already captured / voided / fully refunded. */
const ALREADY_CAPTURED = '311';
const ALREADY_VOIDED = '310';
const ALREADY_REFUNDED = '55';

/** Our payment id as the invoice number Authorize.Net accepts (20 characters at most). */
export const invoiceFor = (reference: string) => reference.replace(/-/g, '').slice(0, 20);

const LOOKUP_PAGE_SIZE = 1000;
const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;
/** The reporting API's date-time: UTC, no milliseconds. */
const anetDate = (d: Date) => `${d.toISOString().slice(0, 19)}Z`;

interface AnetBatchListResponse {
  batchList?: { batchId?: string; settlementTimeUTC?: string; settlementState?: string }[];
  messages?: { resultCode?: string };
}
const LOOKUP_PAGES = 20;
/**
 * A charge that went through: authorized (authOnly shows as authorizedPendingCapture, and a
 * reconciled approval is recorded as an authorization) or captured, not voided or declined.
 */
const APPROVED_STATUSES = new Set([
  'capturedPendingSettlement',
  'authorizedPendingCapture',
  'settledSuccessfully',
]);
/** Held by the fraud filters until the merchant decides: neither paid nor declined yet. */
const REVIEW_STATUSES = new Set(['FDSPendingReview', 'FDSAuthorizedPendingReview']);
const HELD_FOR_REVIEW = 4;

interface AnetListResponse {
  transactions?: { transId?: string; invoiceNumber?: string; transactionStatus?: string }[] | null;
  messages?: { resultCode?: string };
}
/** getTransactionDetails: "The record cannot be found." */
const RECORD_NOT_FOUND = 'E00040';

interface AnetDetailsResponse {
  transaction?: {
    transId?: string;
    transactionType?: string;
    refTransId?: string;
    transactionStatus?: string;
    responseCode?: number | string;
    responseReasonDescription?: string;
    /** Dollars, as a JSON number. */
    authAmount?: number | string;
    settleAmount?: number | string;
    payment?: { creditCard?: { cardNumber?: string; cardType?: string } };
  };
  messages?: { resultCode?: string; message?: AnetMessage[] };
}

/** An amount in dollars as the API gives it (a number, or a string) in cents; null if none. */
export function dollarsToCents(value: number | string | undefined | null): number | null {
  if (value === undefined || value === null || value === '') return null;
  const dollars = Number(value);
  return Number.isFinite(dollars) && dollars > 0 ? Math.round(dollars * 100) : null;
}

/** responseCode 1 approved; 2 declined; 3 error; 4 held for review (not known yet). */
export function interpretResponse(res: AnetResponse, cardNumber: string): ChargeResult {
  const tx = res.transactionResponse;
  // Held for review is not a decline: the payment stays pending until the merchant decides
  // and reconciliation reads the outcome.
  if (Number(tx?.responseCode) === HELD_FOR_REVIEW)
    throw new GatewayError('the charge is held for review');
  if (tx?.responseCode === '1' && tx.transId) {
    const digits = digitsOnly(cardNumber);
    return {
      approved: true,
      transactionId: tx.transId,
      brand: tx.accountType || cardBrand(digits),
      last4: (tx.accountNumber ?? digits).slice(-4),
    };
  }
  const message =
    tx?.errors?.[0]?.errorText ??
    tx?.messages?.[0]?.description ??
    res.messages?.message?.[0]?.text ??
    'Payment could not be processed';
  if (!tx && res.messages?.resultCode === 'Error') {
    // No transaction at all: our credentials or request were refused, not the card.
    throw new GatewayError(`processor refused the request: ${message}`, true);
  }
  return {
    approved: false,
    message,
    transactionId: tx?.transId && tx.transId !== '0' ? tx.transId : undefined,
  };
}
