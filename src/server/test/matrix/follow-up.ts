import type { Endpoint } from './types.js';

export const FOLLOW_UP_ENDPOINTS: Endpoint[] = [];
