import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local Authorize.Net stand-in speaking the documented JSON API, a UTF-8 BOM before the
// JSON as the real endpoint answers: createTransactionRequest in several modes, and the calls
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
      transactionRequest: {
        transactionType: string;
        amount: string;
        payment: { creditCard: { cardNumber: string; expirationDate: string; cardCode: string } };
        order: { invoiceNumber: string; description: string };
        billTo: { firstName: string; lastName: string };
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

  /** The daily cut-off: every approved charge not yet settled goes into a new batch. */
  settle(at = new Date()): string {
    const batchId = String(this.nextBatchId++);
    for (const c of this.ledger)
      if (c.approved && !c.review && !c.settled) c.settled = { batchId, at: at.toISOString() };
    return batchId;
  }

  /** The merchant approves a charge held for review. */
  approveReview(transId: string): void {
    const charge = this.ledger.find((c) => c.transId === transId);
    if (charge) charge.review = false;
  }

  /** A refund made at the processor: a new transaction whose refTransId is the charge. */
  refund(chargeTransId: string): string {
    const charge = this.ledger.find((c) => c.transId === chargeTransId);
    if (!charge) throw new Error(`no charge ${chargeTransId}`);
    const transId = String(this.nextTransId++);
    this.ledger.push({
      ...charge,
      transId,
      invoiceNumber: '',
      submitTimeUTC: new Date().toISOString(),
      settled: undefined,
      refTransId: chargeTransId,
    });
    return transId;
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
  invoiceNumber: string;
  approved: boolean;
  amount: string;
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
      amount: string;
      payment: { creditCard: { cardNumber: string } };
      order: { invoiceNumber: string };
    };
  },
  transId: string,
  approved: boolean,
): BookedCharge {
  const charge = {
    transId,
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
        transactionType: c.refTransId ? 'refundTransaction' : 'authCaptureTransaction',
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
      : c.settled
        ? 'settledSuccessfully'
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
