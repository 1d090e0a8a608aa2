import type { Config } from '../../config.js';
import type { Executor } from '../../db/client.js';
import { AuthorizeNetGateway } from './authorize-net.js';
import type { PaymentGateway } from './gateway.js';
import { databaseLedger, SimulatorGateway } from './simulator.js';

/** The simulator unless a processor is configured (production requires a choice: config.ts). */
export function selectGateway(config: Config, db: Executor): PaymentGateway {
  if (config.PAYMENT_PROVIDER === 'authorize_net')
    return new AuthorizeNetGateway({
      apiLoginId: config.AUTHNET_API_LOGIN_ID!,
      transactionKey: config.AUTHNET_TRANSACTION_KEY!,
      signatureKey: config.AUTHNET_SIGNATURE_KEY!,
      endpoint: config.AUTHNET_ENDPOINT,
    });
  return new SimulatorGateway(databaseLedger(db));
}
