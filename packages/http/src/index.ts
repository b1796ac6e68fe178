export * from './problem.js';
export * from './validation.js';
export * from './assertion.js';
export * from './metrics.js';
export * from './app.js';
export * from './server.js';
export * from './query.js';
export * from './hmac-key.js';
