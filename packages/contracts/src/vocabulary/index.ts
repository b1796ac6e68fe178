/**
 * One vocabulary for every service: scopes, roles, statuses, scoring and handicap systems, result
 * codes and their formatting. Services import these instead of keeping copies
 * (`import { SCOPES, HANDICAP_SYSTEMS } from '@regatta/contracts'`).
 */
export * from './access.js';
export * from './statuses.js';
export * from './scoring.js';
export * from './handicap-params.js';
export * from './format.js';
export * from './protests.js';
export * from './slugs.js';
export * from './time-zones.js';
