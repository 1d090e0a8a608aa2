import type { Role } from '../../shared/roles.js';
import { PASSWORD, signedInAs } from '../test/fixtures.js';
import { Client, type TestApp } from '../test/harness.js';
import { patientWithDocument } from '../test/matrix/staff-documents.js';

// The callers the fuzz suite tries for each route, most privileged staff first: a route is
// fuzzed with the first one its guard admits. A fuzzed sign-out or deactivation can end a
// session, so each is checked and signed in again between routes.

export interface Principal {
  name: string;
  client: Client;
  email: string | null;
  /** The principal's own open application, for forms that name one. */
  applicationId?: string;
}

export async function makePrincipals(t: TestApp): Promise<Principal[]> {
  const staff = async (role: Role): Promise<Principal> => {
    const { client, email } = await signedInAs(t.app, role);
    return { name: role, client, email };
  };
  const patient = await patientWithDocument(t, 'fuzz patient');
  return [
    await staff('master_admin'),
    await staff('doctor'),
    {
      name: 'patient',
      client: patient.client,
      email: patient.email,
      applicationId: patient.application.id,
    },
    { name: 'anonymous', client: new Client(t.app), email: null },
  ];
}

/** Signs a principal in again if a fuzzed request ended its session. */
export async function keepSignedIn(principal: Principal): Promise<void> {
  if (!principal.email) {
    principal.client.cookie = null;
    return;
  }
  if ((await principal.client.get('/api/user')).statusCode === 200) return;
  const res = await principal.client.post('/api/login', {
    email: principal.email,
    password: PASSWORD,
  });
  if (res.statusCode !== 200)
    throw new Error(`${principal.name} cannot sign in again: ${res.body}`);
}
