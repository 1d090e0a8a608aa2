import type { AccessName, Permission, Role } from '../../../shared/roles.js';
import type { Client, TestApp } from '../harness.js';

// The permission matrix's rows (src/server/permission-matrix.test.ts). Each area lists its
// staff endpoints in a file of this folder; the matrix test runs them all.

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Endpoint {
  method: Method;
  path: string;
  access: AccessName;
  /** The status a caller with access gets for the request `prepare` builds. */
  ok: number;
  /** Builds a valid request (a fresh target when the call changes or removes one). */
  prepare?: (t: TestApp, principal: Principal) => Promise<{ url?: string; payload?: unknown }>;
}

export interface Principal {
  label: string;
  role: Role | null;
  id?: string;
  stored?: Permission[];
  client?: Client;
}
