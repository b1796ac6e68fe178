/** The guide-form organization shapes and EventSummary, exactly as the OpenAPI document states them. */
import { isoDate, pastEventsByYear, recentOf, registrationIsOpen, upcomingOf } from '../domain/calendar.js';
import type { Organization, OrganizationWithCounts, ProjectedEvent } from '../app/records.js';

export function organizationSummary(org: OrganizationWithCounts) {
  return {
    id: org.id,
    slug: org.slug,
    name: org.name,
    type: org.type,
    city: org.address.city,
    state: org.address.state,
    country: org.address.country,
    website: org.contact.website,
    upcomingEvents: org.upcomingEvents,
    totalEvents: org.totalEvents,
  };
}

export function organizationDetail(org: Organization, events: readonly ProjectedEvent[], now: Date) {
  return {
    id: org.id,
    slug: org.slug,
    name: org.name,
    description: org.description,
    type: org.type,
    founded: org.founded,
    address: { ...org.address },
    contact: { ...org.contact },
    upcomingEvents: upcomingOf(events, now).map((event) => ({
      id: event.id,
      slug: event.slug,
      name: event.name,
      startDate: isoDate(event.startDate),
      registrationOpen: registrationIsOpen(event, now),
    })),
    pastEvents: pastEventsByYear(events, now),
    socialMedia: { ...org.socialMedia },
  };
}

export function eventSummary(event: ProjectedEvent, org: Pick<Organization, 'name' | 'slug'>) {
  return {
    id: event.id,
    name: event.name,
    slug: event.slug,
    description: event.description,
    venue: event.venue,
    address: event.address,
    startDate: event.startDate.toISOString(),
    endDate: event.endDate.toISOString(),
    status: event.status,
    entryFee: event.entryFee,
    currency: event.currency,
    maxParticipants: event.maxParticipants,
    settings: event.settings,
    // The organization's current name and slug (this service owns them), not the copy in the fact.
    organization: { name: org.name, slug: org.slug },
  };
}

/** The GET /organizations/{slug} envelope. */
export function organizationPage(org: Organization, events: readonly ProjectedEvent[], now: Date) {
  return {
    organization: organizationDetail(org, events, now),
    upcomingEvents: upcomingOf(events, now).map((event) => eventSummary(event, org)),
    recentEvents: recentOf(events, now).map((event) => eventSummary(event, org)),
  };
}
