import type { Endpoint } from './types.js';

export const TRANSCRIPTION_ENDPOINTS: Endpoint[] = [];
