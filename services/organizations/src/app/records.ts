/** The records use cases return; the routes' views map them to the documented shapes. */
export type { ProjectedEvent } from '../domain/calendar.js';
export type { Organization, OrganizationWithCounts } from '../domain/organization.js';
