export * from './applications.js';
export * from './audit.js';
export * from './documents.js';
export * from './fees.js';
export * from './payments.js';
export * from './queue.js';
export * from './sessions.js';
export * from './users.js';
