import type { Endpoint } from './types.js';

export const OPERATIONS_ENDPOINTS: Endpoint[] = [];
