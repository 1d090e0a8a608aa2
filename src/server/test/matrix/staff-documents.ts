import type { Endpoint } from './types.js';

export const STAFF_DOCUMENT_ENDPOINTS: Endpoint[] = [];
