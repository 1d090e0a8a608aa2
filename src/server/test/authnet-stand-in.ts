// The reporting half of a local Authorize.Net stand-in: the charges it booked, and the two
// calls reconciliation makes (getUnsettledTransactionListRequest, getTransactionDetailsRequest)
// answered in the real API's JSON shapes, UTF-8 BOM first. Used by authorize-net.test.ts and
// the fault suite.

export interface BookedCharge {
  transId: string;
  invoiceNumber: string;
  approved: boolean;
  amount: string;
  cardNumber: string;
  submitTimeUTC: string;
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
  const list = body.getUnsettledTransactionListRequest as
    | { paging?: { limit?: string; offset?: string } }
    | undefined;
  if (list) {
    const limit = Number(list.paging?.limit ?? 1000);
    const offset = Number(list.paging?.offset ?? 1);
    const page = [...ledger]
      .reverse()
      .slice((offset - 1) * limit, offset * limit)
      .map((c) => ({
        transId: c.transId,
        submitTimeUTC: c.submitTimeUTC,
        submitTimeLocal: c.submitTimeUTC.slice(0, 19),
        transactionStatus: c.approved ? 'capturedPendingSettlement' : 'declined',
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
        transactionType: 'authCaptureTransaction',
        transactionStatus: c.approved ? 'capturedPendingSettlement' : 'declined',
        responseCode: c.approved ? 1 : 2,
        responseReasonCode: c.approved ? 1 : 2,
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
