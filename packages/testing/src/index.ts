export * from './stack.js';
export * from './contract.js';
export * from './api.js';
export * from './fixtures.js';
export * from './facts.js';
export * from './mailpit.js';
export * from './clock.js';
