import { formatCents } from '../../../shared/money.js';
import { cardBrand, digitsOnly } from '../../../shared/schemas/payment.js';
import {
  type ChargeRequest,
  type ChargeResult,
  GatewayError,
  type PaymentGateway,
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

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    const [month, year] = request.expiryDate.split('/');
    const [firstName, ...rest] = request.billingName.trim().split(/\s+/);
    const body = {
      createTransactionRequest: {
        merchantAuthentication: {
          name: this.config.apiLoginId,
          transactionKey: this.config.transactionKey,
        },
        refId: request.reference.replace(/-/g, '').slice(0, 20),
        transactionRequest: {
          transactionType: 'authCaptureTransaction',
          amount: formatCents(request.amountCents),
          payment: {
            creditCard: {
              cardNumber: digitsOnly(request.cardNumber),
              expirationDate: `20${year}-${month}`,
              cardCode: request.cvv,
            },
          },
          order: {
            invoiceNumber: request.reference.replace(/-/g, '').slice(0, 20),
            description: request.description.slice(0, 255),
          },
          billTo: {
            firstName: (firstName ?? '').slice(0, 50),
            lastName: rest.join(' ').slice(0, 50),
          },
        },
      },
    };
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
    let parsed: AnetResponse;
    try {
      // The API prefixes its JSON with a byte-order mark.
      parsed = JSON.parse(text.replace(/^\uFEFF/, '')) as AnetResponse;
    } catch {
      throw new GatewayError('processor answered with something that is not JSON');
    }
    return interpretResponse(parsed, request.cardNumber);
  }

  verifyWebhook(rawBody: string, header: string | undefined): boolean {
    return verifyHmacSha512(this.config.signatureKey, rawBody, header);
  }
}

/** responseCode 1 approved; 2 declined; 3 error; 4 held for review (treated as not approved). */
export function interpretResponse(res: AnetResponse, cardNumber: string): ChargeResult {
  const tx = res.transactionResponse;
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
    throw new GatewayError(`processor refused the request: ${message}`);
  }
  return {
    approved: false,
    message,
    transactionId: tx?.transId && tx.transId !== '0' ? tx.transId : undefined,
  };
}
