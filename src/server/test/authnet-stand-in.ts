import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local Authorize.Net stand-in speaking the documented JSON API, a UTF-8 BOM before the
// JSON as the real endpoint answers: createTransactionRequest in several modes (authorizations,
// and the captures, voids and refunds that follow them, answered from its books), and the calls
// reconciliation makes (getUnsettledTransactionListRequest, getSettledBatchListRequest,
// getTransactionListRequest, getTransactionDetailsRequest) answered from the charges it
// booked. Used by the adapter's tests and the fault suite.

export const STAND_IN_CREDENTIALS = {
  apiLoginId: 'okmmj-test-login',
  transactionKey: '7Ab3Cd9Ef0Gh1Jk2',
};

export type Mode =
  | 'approve'
  | 'decline'
  | 'auth-error'
  | 'http-500'
  | 'not-json'
  | 'hang'
  /** Charges, then never answers: the app is "killed" before it hears back. */
  | 'charge-then-hang'
  /** The fraud filters hold the charge for the merchant's review (response code 4). */
  | 'review';

export interface Received {
  method: string;
  contentType: string | undefined;
  body: {
    createTransactionRequest: {
      merchantAuthentication: { name: string; transactionKey: string };
      refId: string;
      /** An authorization's fields; a capture, void or refund sends refTransId and fewer. */
      transactionRequest: {
        transactionType: string;
        amount: string;
        payment: { creditCard: { cardNumber: string; expirationDate: string; cardCode: string } };
        order: { invoiceNumber: string; description: string };
        billTo: { firstName: string; lastName: string };
        refTransId?: string;
      };
    };
  };
}

export class AuthnetStandIn {
  mode: Mode = 'approve';
  /** Reporting calls answer 503 while set. */
  reportingDown = false;
  /** Every createTransactionRequest, in order. */
  readonly received: Received[] = [];
  /** Captures, voids and refunds answer as declined while set (an expired hold, say). */
  refuseFollowUps = false;
  /** What it charged. */
  readonly ledger: BookedCharge[] = [];
  private readonly held: ServerResponse[] = [];
  private nextTransId = 60_100_000_001;
  private nextBatchId = 9_800_001;
  private server: Server | null = null;
  endpoint = '';

  async start(): Promise<this> {
    const server = createServer((req, res) => void this.handle(req, res));
    this.server = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/xml/v1/request.api`;
    return this;
  }

  /** The daily cut-off: every captured charge not yet settled goes into a new batch (holds wait). */
  settle(at = new Date()): string {
    const batchId = String(this.nextBatchId++);
    for (const c of this.ledger)
      if (c.approved && !c.review && !c.settled && (c.state === 'captured' || c.state === 'refund'))
        c.settled = { batchId, at: at.toISOString() };
    return batchId;
  }

  /** What the gateway asked of the processor, in order: type, refTransId, amount. */
  transactions(): { type: string; refTransId?: string; amount?: string }[] {
    return this.received.map((r) => {
      const t = r.body.createTransactionRequest.transactionRequest;
      return {
        type: t.transactionType,
        ...(t.refTransId ? { refTransId: t.refTransId } : {}),
        ...(t.amount ? { amount: t.amount } : {}),
      };
    });
  }

  /** The merchant approves a charge held for review. */
  approveReview(transId: string): void {
    const charge = this.ledger.find((c) => c.transId === transId);
    if (charge) charge.review = false;
  }

  /**
   * A refund made at the processor: a new transaction whose refTransId is the charge, of
   * `amount` dollars ("18.00") or of all that is left; the charge is refunded once nothing is.
   */
  refund(chargeTransId: string, amount?: string): string {
    const charge = this.ledger.find((c) => c.transId === chargeTransId);
    if (!charge) throw new Error(`no charge ${chargeTransId}`);
    const transId = String(this.nextTransId++);
    const leftCents = Math.round(Number(charge.amount) * 100) - (charge.refundedCents ?? 0);
    const cents = amount === undefined ? leftCents : Math.round(Number(amount) * 100);
    charge.refundedCents = (charge.refundedCents ?? 0) + cents;
    if (charge.refundedCents >= Math.round(Number(charge.amount) * 100)) charge.state = 'refunded';
    this.ledger.push({
      ...charge,
      amount: (cents / 100).toFixed(2),
      refundedCents: undefined,
      state: 'refund',
      transId,
      invoiceNumber: '',
      submitTimeUTC: new Date().toISOString(),
      settled: undefined,
      refTransId: chargeTransId,
    });
    return transId;
  }

  /**
   * A capture, void or refund of a booked transaction, with the processor's rules: a capture
   * only of a hold (at most its amount), a void of a hold or an unsettled capture, a refund
   * only of a settled capture, with the card's masked last four; each at most once.
   */
  private followUp(request: Received['body']['createTransactionRequest']['transactionRequest']) {
    const c = this.ledger.find((x) => x.transId === request.refTransId && x.state !== 'refund');
    if (!c?.approved) return refused('16', 'The transaction cannot be found.');
    if (this.mode === 'decline' || this.refuseFollowUps)
      return refused('16', 'The transaction cannot be found.');
    switch (request.transactionType) {
      case 'priorAuthCaptureTransaction':
        if (c.state === 'captured')
          return refused('311', 'This transaction has already been captured.');
        if (c.state !== 'authorized') return refused('16', 'The transaction cannot be found.');
        if (Number(request.amount) > Number(c.amount))
          return refused(
            '47',
            'The amount requested for settlement cannot be greater than the original amount authorized.',
          );
        c.state = 'captured';
        c.amount = request.amount;
        return approvedFollowUp(c.transId, c.transId);
      case 'voidTransaction':
        if (c.state === 'voided')
          return refused('310', 'This transaction has already been voided.');
        if (c.state === 'refunded' || (c.state === 'captured' && c.settled))
          return refused('16', 'The transaction cannot be found.');
        c.state = 'voided';
        return approvedFollowUp(c.transId, c.transId);
      default: {
        if (
          c.state === 'refunded' ||
          Math.round(Number(request.amount) * 100) >
            Math.round(Number(c.amount) * 100) - (c.refundedCents ?? 0)
        )
          return refused(
            '55',
            'The sum of credits against the referenced transaction would exceed original debit amount.',
          );
        const card = request.payment?.creditCard;
        if (
          c.state !== 'captured' ||
          !c.settled ||
          card?.cardNumber !== c.cardNumber ||
          card.expirationDate !== 'XXXX'
        )
          return refused(
            '54',
            'The referenced transaction does not meet the criteria for issuing a credit.',
          );
        return approvedFollowUp(this.refund(c.transId, request.amount), c.transId);
      }
    }
  }

  /** Drops every answer held back: the waiting client sees its connection cut. */
  releaseHeld(): void {
    for (const res of this.held.splice(0)) res.destroy();
  }

  async close(): Promise<void> {
    this.releaseHeld();
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    const report = answerReporting(this.ledger, body);
    if (report) {
      res.writeHead(this.reportingDown ? 503 : 200, { 'content-type': 'application/json' });
      res.end(this.reportingDown ? 'Service Unavailable' : withBom(report));
      return;
    }
    this.received.push({
      method: req.method ?? '',
      contentType: req.headers['content-type'],
      body,
    });
    const request = body.createTransactionRequest.transactionRequest;
    if (
      FOLLOW_UPS.has(request.transactionType) &&
      (this.mode === 'approve' || this.mode === 'decline')
    ) {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      res.end(withBom(this.followUp(request)));
      return;
    }
    const transId = String(this.nextTransId++);
    const mode = this.mode;
    if (
      mode === 'approve' ||
      mode === 'decline' ||
      mode === 'charge-then-hang' ||
      mode === 'review'
    )
      book(this.ledger, body.createTransactionRequest, transId, mode !== 'decline').review =
        mode === 'review';
    if (mode === 'hang' || mode === 'charge-then-hang') {
      this.held.push(res); // never answers
      return;
    }
    const { status, text } = respond(mode, transId);
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(text);
  }
}

export interface BookedCharge {
  transId: string;
  /** authOnly starts authorized, authCapture captured; a refund's own row is 'refund'. */
  state: 'authorized' | 'captured' | 'voided' | 'refunded' | 'refund';
  invoiceNumber: string;
  approved: boolean;
  amount: string;
  /** Given back so far by refunds (a refund may be partial, issue 22). */
  refundedCents?: number;
  cardNumber: string;
  submitTimeUTC: string;
  /** Held for review (FDSPendingReview) until the merchant decides. */
  review?: boolean;
  /** A refund's: the charge it gives back. */
  refTransId?: string;
  /** Set once the charge's batch is settled: it leaves the unsettled list. */
  settled?: { batchId: string; at: string };
}

const OK = { resultCode: 'Ok', message: [{ code: 'I00001', text: 'Successful.' }] };

export const withBom = (body: unknown) => `\uFEFF${JSON.stringify(body)}`;

/** Books a createTransactionRequest's charge; answers the booking. */
export function book(
  ledger: BookedCharge[],
  request: {
    transactionRequest: {
      transactionType: string;
      amount: string;
      payment: { creditCard: { cardNumber: string } };
      order: { invoiceNumber: string };
    };
  },
  transId: string,
  approved: boolean,
): BookedCharge {
  const charge: BookedCharge = {
    transId,
    state:
      request.transactionRequest.transactionType === 'authOnlyTransaction'
        ? 'authorized'
        : 'captured',
    invoiceNumber: request.transactionRequest.order.invoiceNumber,
    approved,
    amount: request.transactionRequest.amount,
    cardNumber: `XXXX${request.transactionRequest.payment.creditCard.cardNumber.slice(-4)}`,
    submitTimeUTC: new Date().toISOString(),
  };
  ledger.push(charge);
  return charge;
}

/** The JSON answer to a reporting request, or null when the body is not one. */
export function answerReporting(ledger: BookedCharge[], body: Record<string, unknown>) {
  const list = body.getUnsettledTransactionListRequest as ListRequest | undefined;
  if (list)
    return transactionList(
      ledger.filter((c) => !c.settled),
      list,
    );
  const batchList = body.getSettledBatchListRequest as
    | { firstSettlementDate?: string; lastSettlementDate?: string }
    | undefined;
  if (batchList) {
    const from = Date.parse(batchList.firstSettlementDate ?? '');
    const to = Date.parse(batchList.lastSettlementDate ?? '');
    if (Number.isNaN(from) || Number.isNaN(to) || to < from || to - from > 31 * 86_400_000)
      return {
        messages: {
          resultCode: 'Error',
          message: [{ code: 'E00003', text: 'The date range is invalid.' }],
        },
      };
    const batches = new Map<string, string>();
    for (const c of ledger)
      if (c.settled && Date.parse(c.settled.at) >= from && Date.parse(c.settled.at) <= to)
        batches.set(c.settled.batchId, c.settled.at);
    // The real API leaves `batchList` out when there are none.
    if (!batches.size) return { messages: OK };
    return {
      batchList: [...batches].map(([batchId, at]) => ({
        batchId,
        settlementTimeUTC: at,
        settlementTimeLocal: at.slice(0, 19),
        settlementState: 'settledSuccessfully',
        paymentMethod: 'creditCard',
        marketType: 'eCommerce',
        product: 'Card Not Present',
      })),
      messages: OK,
    };
  }
  const batch = body.getTransactionListRequest as (ListRequest & { batchId?: string }) | undefined;
  if (batch)
    return transactionList(
      ledger.filter((c) => c.settled?.batchId === batch.batchId),
      batch,
    );
  const details = body.getTransactionDetailsRequest as { transId?: string } | undefined;
  if (details) {
    const c = ledger.find((x) => x.transId === details.transId);
    if (!c)
      return {
        messages: {
          resultCode: 'Error',
          message: [{ code: 'E00040', text: 'The record cannot be found.' }],
        },
      };
    return {
      transaction: {
        transId: c.transId,
        submitTimeUTC: c.submitTimeUTC,
        transactionType: c.refTransId
          ? 'refundTransaction'
          : c.state === 'captured' || c.state === 'refunded'
            ? 'authCaptureTransaction'
            : 'authOnlyTransaction',
        ...(c.refTransId ? { refTransId: c.refTransId } : {}),
        transactionStatus: statusOf(c),
        ...(c.settled
          ? { batch: { batchId: c.settled.batchId, settlementTimeUTC: c.settled.at } }
          : {}),
        responseCode: responseCodeOf(c),
        responseReasonCode: c.review ? 252 : c.approved ? 1 : 2,
        responseReasonDescription: c.approved ? 'Approval' : 'This transaction has been declined.',
        authCode: c.approved ? 'QWE123' : '000000',
        AVSResponse: 'Y',
        order: { invoiceNumber: c.invoiceNumber, description: 'Medical marijuana evaluation' },
        authAmount: Number(c.amount),
        settleAmount: Number(c.amount),
        payment: {
          creditCard: { cardNumber: c.cardNumber, expirationDate: 'XXXX', cardType: 'Visa' },
        },
        billTo: { firstName: 'Jamie', lastName: 'Collins' },
        product: 'Card Not Present',
        marketType: 'eCommerce',
      },
      messages: OK,
    };
  }
  return null;
}

type ListRequest = { paging?: { limit?: string; offset?: string } };

const statusOf = (c: BookedCharge) =>
  !c.approved
    ? 'declined'
    : c.review
      ? 'FDSPendingReview'
      : c.state === 'voided'
        ? 'voided'
        : c.state === 'authorized'
          ? 'authorizedPendingCapture'
          : c.settled
            ? c.state === 'refund'
              ? 'refundSettledSuccessfully'
              : 'settledSuccessfully'
            : c.state === 'refund'
              ? 'refundPendingSettlement'
              : 'capturedPendingSettlement';
const responseCodeOf = (c: BookedCharge) => (!c.approved ? 2 : c.review ? 4 : 1);

/** One page of a transaction list, newest first. */
function transactionList(charges: BookedCharge[], request: ListRequest) {
  const limit = Number(request.paging?.limit ?? 1000);
  const offset = Number(request.paging?.offset ?? 1);
  const page = [...charges]
    .reverse()
    .slice((offset - 1) * limit, offset * limit)
    .map((c) => ({
      transId: c.transId,
      submitTimeUTC: c.submitTimeUTC,
      submitTimeLocal: c.submitTimeUTC.slice(0, 19),
      transactionStatus: statusOf(c),
      invoiceNumber: c.invoiceNumber,
      firstName: 'Jamie',
      lastName: 'Collins',
      accountType: 'Visa',
      accountNumber: c.cardNumber,
      settleAmount: Number(c.amount),
      marketType: 'eCommerce',
      product: 'Card Not Present',
      hasReturnedItemsSpecified: false,
    }));
  // The real API leaves `transactions` out when there are none.
  return page.length
    ? { transactions: page, totalNumInResultSet: page.length, messages: OK }
    : { totalNumInResultSet: 0, messages: OK };
}

const FOLLOW_UPS = new Set(['priorAuthCaptureTransaction', 'voidTransaction', 'refundTransaction']);

/** A JSON error answer for a transaction the processor refuses. */
const refused = (errorCode: string, errorText: string, transId = '0') => ({
  transactionResponse: { responseCode: '3', transId, errors: [{ errorCode, errorText }] },
  messages: {
    resultCode: 'Error',
    message: [{ code: 'E00027', text: 'The transaction was unsuccessful.' }],
  },
});
const approvedFollowUp = (transId: string, refTransId: string) => ({
  transactionResponse: {
    responseCode: '1',
    transId,
    refTransID: refTransId,
    messages: [{ code: '1', description: 'This transaction has been approved.' }],
  },
  messages: OK,
});

function respond(mode: Mode, transId: string): { status: number; text: string } {
  const json = (body: unknown) => ({ status: 200, text: `\uFEFF${JSON.stringify(body)}` });
  switch (mode) {
    case 'approve':
      return json({
        transactionResponse: {
          responseCode: '1',
          authCode: 'QWE123',
          avsResultCode: 'Y',
          cvvResultCode: 'P',
          transId,
          refTransID: '',
          testRequest: '0',
          accountNumber: 'XXXX1111',
          accountType: 'Visa',
          messages: [{ code: '1', description: 'This transaction has been approved.' }],
        },
        refId: '123',
        messages: { resultCode: 'Ok', message: [{ code: 'I00001', text: 'Successful.' }] },
      });
    case 'decline':
      return json({
        transactionResponse: {
          responseCode: '2',
          authCode: '000000',
          transId,
          accountNumber: 'XXXX0027',
          accountType: 'Visa',
          errors: [{ errorCode: '2', errorText: 'This transaction has been declined.' }],
        },
        messages: {
          resultCode: 'Error',
          message: [{ code: 'E00027', text: 'The transaction was unsuccessful.' }],
        },
      });
    case 'auth-error':
      return json({
        messages: {
          resultCode: 'Error',
          message: [
            {
              code: 'E00007',
              text: 'User authentication failed due to invalid authentication values.',
            },
          ],
        },
      });
    case 'review':
      return json({
        transactionResponse: {
          responseCode: '4',
          authCode: 'QWE123',
          transId,
          accountNumber: 'XXXX1111',
          accountType: 'Visa',
          messages: [
            {
              code: '252',
              description: 'Your order has been received. Thank you for your business!',
            },
          ],
        },
        messages: { resultCode: 'Ok', message: [{ code: 'I00001', text: 'Successful.' }] },
      });
    case 'http-500':
      return { status: 500, text: 'Internal Server Error' };
    default:
      return { status: 200, text: '<html>Maintenance</html>' };
  }
}
