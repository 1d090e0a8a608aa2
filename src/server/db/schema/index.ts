export * from './audit.js';
export * from './sessions.js';
export * from './users.js';
