/**
 * Registrations: register (places or waitlist under the event row lock), list, update, cancel with
 * promotion of the earliest fitting waitlisted entry.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Request } from 'express';
import { withTransaction, type PoolClient } from '@regatta/db';
import { HttpProblem, badRequest, conflict, forbidden, identityOf, notFound, requestIdOf, type Identity, type RouteDefinition } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { registrationClosedReason, sailKey } from '../domain/events.js';
import { missingRating, ratingRange, type RatingKey } from '../domain/handicap.js';
import {
  PAYMENT_STATUS_MOVES,
  REGISTRATION_STATUS_MOVES,
  canMovePayment,
  canMoveRegistration,
  chooseToPromote,
  describeMoves,
  initialStatus,
} from '../domain/registrations.js';
import { registrationCancelledFact, registrationCreatedFact, registrationUpdatedFact } from '../messaging/facts.js';
import type { BoatRow, EventRow, EventWithOrgRow, RegistrationDetailRow } from '../store/rows.js';
import {
  activeConflict,
  boatById,
  boatOfOwnerBySail,
  findFleet,
  fleetsOf,
  insertBoat,
  insertRegistration,
  isUniqueViolation,
  lockEvent,
  registeredCounts,
  registrationDetail,
  registrationsOf,
  updateBoat,
  updateRegistration,
  userByEmail,
  userById,
  waitlistOf,
} from '../store/store.js';
import { actingUser, roleIn } from './access.js';
import { orgAccessOfEvent, visibleEvent } from './events-routes.js';
import { listRegistrationsQuery, registrationBody, updateRegistrationBody } from './schemas.js';
import { parse } from './parse.js';
import { registrationJson, registrationWithDetailsJson } from './views.js';

/** Stable id for a sailor entered by name and email who has no account (RFC 4122 v5). */
export function guestSailorId(email: string): string {
  const namespace = Buffer.from('6f1c2a5e8d3b4c7a9e0f1a2b3c4d5e6f', 'hex');
  const hash = createHash('sha1').update(namespace).update(email.trim().toLowerCase()).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Promotes up to `max` waitlisted entries (earliest first, whose fleet has room) inside the caller's
 * transaction, which must hold the event row lock. Returns the promoted registrations.
 */
export async function promoteWaitlisted(
  context: ServiceContext,
  client: PoolClient,
  event: EventRow,
  max: number,
  requestId: string,
): Promise<RegistrationDetailRow[]> {
  const promoted: RegistrationDetailRow[] = [];
  const fleets = await fleetsOf(client, event.id);
  while (promoted.length < max) {
    const counts = await registeredCounts(client, event.id);
    const waitlist = await waitlistOf(client, event.id);
    const choice = chooseToPromote(
      waitlist,
      { max: event.max_participants, registered: counts.total },
      new Map(fleets.map((fleet) => [fleet.id, { max: fleet.max_boats, registered: counts.byFleet.get(fleet.id) ?? 0 }])),
    );
    if (!choice) break;
    await updateRegistration(client, choice.id, { status: 'registered' });
    const row = (await registrationDetail(client, event.id, choice.id))!;
    await context.publish(client, registrationUpdatedFact(row, event.organization_id, 'waitlisted', ['status'], requestId));
    promoted.push(row);
  }
  return promoted;
}

function registrationIdParam(req: Request): string {
  return String(req.params['registrationId'] ?? '');
}

type Standing = 'organizer' | 'sailor' | 'none';

function standingOf(identity: Identity, event: EventWithOrgRow, registration: RegistrationDetailRow): Standing {
  if (roleIn(identity, orgAccessOfEvent(event))) return 'organizer';
  if (identity.userId && (identity.userId === registration.user_id || identity.userId === registration.submitted_by)) return 'sailor';
  return 'none';
}

async function loadRegistration(
  context: ServiceContext,
  req: Request,
  identity: Identity,
): Promise<{ event: EventWithOrgRow; registration: RegistrationDetailRow; standing: Standing }> {
  const event = await visibleEvent(context.pool, String(req.params['slug'] ?? ''), identity);
  const registration = await registrationDetail(context.pool, event.id, registrationIdParam(req));
  if (!registration) throw notFound(`Registration ${registrationIdParam(req)}`);
  const standing = standingOf(identity, event, registration);
  if (standing === 'none')
    throw forbidden('not_a_member', `Only the sailor or members of the organization ${event.org_name ?? event.organization_id} may change this registration.`, {
      organization: { id: event.organization_id, slug: event.org_slug, name: event.org_name },
    });
  return { event, registration, standing };
}

/** Cancels inside the caller's transaction (event row locked); promotes one entry when a place freed. */
async function cancelLocked(
  context: ServiceContext,
  client: PoolClient,
  event: EventRow,
  registration: RegistrationDetailRow,
  requestId: string,
): Promise<{ cancelled: RegistrationDetailRow; promoted: RegistrationDetailRow | null }> {
  await updateRegistration(client, registration.id, { status: 'cancelled' });
  const cancelled = (await registrationDetail(client, event.id, registration.id))!;
  await context.publish(client, registrationCancelledFact(cancelled, event.organization_id, registration.status, requestId));
  const promoted = registration.status === 'registered' ? await promoteWaitlisted(context, client, event, 1, requestId) : [];
  return { cancelled, promoted: promoted[0] ?? null };
}

export function registrationRoutes(context: ServiceContext): RouteDefinition[] {
  const { pool } = context;

  return [
    {
      method: 'post',
      path: '/api/v1/events/:slug/register',
      handler: async (req, res) => {
        const identity = identityOf(res);
        const submitter = actingUser(identity);
        const event = await visibleEvent(pool, String(req.params['slug'] ?? ''), identity);
        const body = parse(registrationBody, req.body, 'body');
        const requestId = requestIdOf(req);

        // Who sails: the caller, or (organizers only) a named user or person.
        let sailor: { userId: string; name: string | null; email: string | null };
        if (!body.sailor || ('userId' in body.sailor && body.sailor.userId === submitter)) {
          let user = await userById(pool, submitter);
          if (!user) {
            await context.waitFor(async () => (user = await userById(pool, submitter)) !== undefined, 1_000);
          }
          sailor = { userId: submitter, name: user?.name ?? null, email: user?.email ?? null };
        } else {
          if (!roleIn(identity, orgAccessOfEvent(event)))
            throw forbidden('not_a_member', `Registering someone else needs membership of the organization ${event.org_name ?? event.organization_id}.`, {
              organization: { id: event.organization_id, slug: event.org_slug, name: event.org_name },
            });
          if ('userId' in body.sailor) {
            const wanted = body.sailor.userId;
            let user = await userById(pool, wanted);
            if (!user) await context.waitFor(async () => (user = await userById(pool, wanted)) !== undefined, 3_000);
            if (!user) throw badRequest('unknown_sailor', `No user ${wanted} is known.`, [{ field: 'sailor.userId', message: 'no such user' }]);
            sailor = { userId: user.id, name: user.name, email: user.email };
          } else {
            const user = await userByEmail(pool, body.sailor.email);
            sailor = { userId: user?.id ?? guestSailorId(body.sailor.email), name: body.sailor.name, email: body.sailor.email };
          }
        }

        const fleet = await findFleet(pool, event.id, body.fleet);
        // Order of checks: open for registration, fleet, boat and rating, duplicates, capacity.
        const closed = registrationClosedReason(
          { status: event.status, registrationOpen: event.registration_open, registrationClose: event.registration_close },
          new Date(),
        );
        if (closed) throw badRequest(closed.code, closed.detail);
        if (!fleet) throw badRequest('unknown_fleet', `The event has no fleet ${body.fleet}.`, [{ field: 'fleet', message: 'no such fleet in this event' }]);

        // Ratings given must be plausible for their system.
        const ratingProblems = Object.entries(body.boat.ratings ?? {}).flatMap(([key, value]) => {
          const range = ratingRange(key as RatingKey);
          return value !== undefined && (value < range.min || value > range.max)
            ? [{ field: `boat.ratings.${key}`, message: `${range.meaning} must be from ${range.min} to ${range.max}` }]
            : [];
        });
        if (ratingProblems.length > 0) throw new HttpProblem(400, 'invalid_rating', 'A rating is out of range.', { errors: ratingProblems });

        let existingBoat: BoatRow | undefined;
        if ('id' in body.boat) {
          existingBoat = await boatById(pool, body.boat.id);
          const mayUse = existingBoat && (existingBoat.owner_user_id === sailor.userId || existingBoat.owner_user_id === submitter || roleIn(identity, orgAccessOfEvent(event)));
          if (!existingBoat || !mayUse) throw badRequest('unknown_boat', `No boat ${body.boat.id} is known for this sailor.`, [{ field: 'boat.id', message: 'no such boat' }]);
        } else {
          const key = sailKey(body.boat.sailNumber);
          if (key) existingBoat = await boatOfOwnerBySail(pool, sailor.userId, key);
        }
        const givenRatings = Object.fromEntries(Object.entries(body.boat.ratings ?? {}).filter(([, value]) => value !== undefined)) as Record<string, number>;
        const effectiveRatings = { ...(existingBoat?.ratings ?? {}), ...givenRatings };
        const missing = missingRating(fleet.handicap_system, effectiveRatings);
        if (missing)
          throw new HttpProblem(400, 'missing_rating', `Fleet ${fleet.name} is scored with ${fleet.handicap_system}; the boat needs boat.ratings.${missing.key} (${missing.meaning}).`, {
            errors: [{ field: `boat.ratings.${missing.key}`, message: `required by ${fleet.handicap_system}: ${missing.meaning}` }],
            extensions: { rating: missing.key },
          });

        try {
          const { row, position } = await withTransaction(pool, async (client) => {
            const locked = (await lockEvent(client, event.id))!;
            const stillClosed = registrationClosedReason(
              { status: locked.status, registrationOpen: locked.registration_open, registrationClose: locked.registration_close },
              new Date(),
            );
            if (stillClosed) throw badRequest(stillClosed.code, stillClosed.detail);

            let boat: BoatRow;
            if (existingBoat) {
              boat =
                'id' in body.boat
                  ? Object.keys(givenRatings).length > 0
                    ? await updateBoat(client, existingBoat.id, { ratings: givenRatings })
                    : existingBoat
                  : await updateBoat(client, existingBoat.id, { name: body.boat.name, model: body.boat.model ?? null, ratings: givenRatings });
            } else if (!('id' in body.boat)) {
              boat = await insertBoat(client, {
                id: randomUUID(),
                owner_user_id: sailor.userId,
                name: body.boat.name,
                sail_number: body.boat.sailNumber ?? null,
                model: body.boat.model ?? null,
                ratings: givenRatings,
              });
            } else throw new Error('unreachable: boat id resolved above');

            const sail = sailKey(boat.sail_number);
            const clash = await activeConflict(client, locked.id, { userId: sailor.userId, boatId: boat.id, sailKey: sail });
            if (clash) throw duplicateProblem(clash.kind, clash.registrationId, boat);

            const counts = await registeredCounts(client, locked.id);
            const status = initialStatus({
              eventMax: locked.max_participants,
              eventRegistered: counts.total,
              fleetMax: fleet.max_boats,
              fleetRegistered: counts.byFleet.get(fleet.id) ?? 0,
            });
            const id = randomUUID();
            await insertRegistration(client, {
              id,
              eventId: locked.id,
              fleetId: fleet.id,
              userId: sailor.userId,
              sailorName: sailor.name,
              sailorEmail: sailor.email,
              boatId: boat.id,
              sailKey: sail,
              status,
              crew: body.crew,
              emergencyContact: body.emergencyContact ?? null,
              specialRequirements: body.specialRequirements ?? null,
              submittedBy: submitter,
            });
            const created = (await registrationDetail(client, locked.id, id))!;
            await context.publish(client, registrationCreatedFact(created, locked.organization_id, requestId));
            const waitPosition = status === 'waitlisted' ? (await waitlistOf(client, locked.id)).findIndex((entry) => entry.id === id) + 1 : null;
            return { row: created, position: waitPosition };
          });
          res.status(201).json({
            data: registrationJson(row),
            message:
              row.status === 'registered'
                ? `Registered ${row.boat_name} in ${row.fleet_name}.`
                : `The ${fleet.max_boats !== null ? 'fleet or event' : 'event'} is full: ${row.boat_name} is on the waitlist at position ${position}.`,
          });
        } catch (error) {
          if (isUniqueViolation(error, 'registrations_active_sailor')) throw duplicateProblem('sailor', undefined);
          if (isUniqueViolation(error, 'registrations_active_boat')) throw duplicateProblem('boat', undefined);
          if (isUniqueViolation(error, 'registrations_active_sail')) throw duplicateProblem('sail', undefined);
          throw error;
        }
      },
    },
    {
      method: 'get',
      path: '/api/v1/events/:slug/registrations',
      handler: async (req, res) => {
        const identity = identityOf(res);
        const event = await visibleEvent(pool, String(req.params['slug'] ?? ''), identity);
        const query = parse(listRegistrationsQuery, req.query, 'query');
        let fleetId: string | undefined;
        if (query.fleet) {
          const fleet = await findFleet(pool, event.id, query.fleet);
          if (!fleet) throw badRequest('unknown_fleet', `The event has no fleet ${query.fleet}.`, [{ field: 'query.fleet', message: 'no such fleet in this event' }]);
          fleetId = fleet.id;
        }
        const organizer = roleIn(identity, orgAccessOfEvent(event)) !== undefined;
        const rows = await registrationsOf(pool, event.id, {
          statuses: query.status ? [query.status] : ['registered', 'waitlisted', 'no_show'],
          ...(fleetId ? { fleetId } : {}),
          limit: query.limit,
          offset: query.offset,
        });
        const waitlist = await waitlistOf(pool, event.id);
        const positions = new Map(waitlist.map((entry, index) => [entry.id, index + 1]));
        const page = rows.slice(0, query.limit).map((row) => {
          const item: Record<string, unknown> = registrationWithDetailsJson(row, positions.get(row.id) ?? null);
          if (organizer || row.user_id === identity.userId || row.submitted_by === identity.userId) {
            item['paymentStatus'] = row.payment_status;
            item['crew'] = row.crew;
            item['emergencyContact'] = row.emergency_contact;
            item['specialRequirements'] = row.special_requirements;
          }
          return item;
        });
        res.json({ data: page, pagination: { limit: query.limit, offset: query.offset, hasMore: rows.length > query.limit } });
      },
    },
    {
      method: 'patch',
      path: '/api/v1/events/:slug/registrations/:registrationId',
      handler: async (req, res) => {
        const identity = identityOf(res);
        const { event, registration, standing } = await loadRegistration(context, req, identity);
        const body = parse(updateRegistrationBody, req.body, 'body');
        const organizerFields = (['status', 'paymentStatus'] as const).filter((field) => body[field] !== undefined);
        if (standing !== 'organizer' && organizerFields.length > 0)
          throw forbidden('organizer_only', `Only organizers may change ${organizerFields.join(' and ')}; the sailor may change crew and contacts.`, {
            fields: organizerFields,
          });
        const requestId = requestIdOf(req);
        const result = await withTransaction(pool, async (client) => {
          const locked = (await lockEvent(client, event.id))!;
          const current = (await registrationDetail(client, event.id, registration.id))!;
          if (body.status !== undefined && !canMoveRegistration(current.status, body.status)) {
            const allowed = describeMoves(REGISTRATION_STATUS_MOVES, current.status, 'registration status');
            throw new HttpProblem(400, 'invalid_status_transition', `The registration cannot move from ${current.status} to ${body.status}. ${allowed}`, {
              errors: [{ field: 'status', message: allowed }],
              extensions: { currentStatus: current.status, allowedStatuses: [...REGISTRATION_STATUS_MOVES[current.status]] },
            });
          }
          if (body.paymentStatus !== undefined && !canMovePayment(current.payment_status, body.paymentStatus)) {
            const allowed = describeMoves(PAYMENT_STATUS_MOVES, current.payment_status, 'payment status');
            throw new HttpProblem(400, 'invalid_payment_transition', `The payment status cannot move from ${current.payment_status} to ${body.paymentStatus}. ${allowed}`, {
              errors: [{ field: 'paymentStatus', message: allowed }],
            });
          }
          if (body.status === 'registered' && current.status !== 'registered') {
            const counts = await registeredCounts(client, locked.id);
            const fleet = (await fleetsOf(client, locked.id)).find((candidate) => candidate.id === current.fleet_id)!;
            const fits = initialStatus({
              eventMax: locked.max_participants,
              eventRegistered: counts.total,
              fleetMax: fleet.max_boats,
              fleetRegistered: counts.byFleet.get(fleet.id) ?? 0,
            });
            if (fits !== 'registered') throw conflict('no_place_available', 'The event or fleet is full; the entry stays where it is.');
          }
          const changes: Record<string, unknown> = {};
          const changed: string[] = [];
          const note = (field: string, column: string, value: unknown, now: unknown) => {
            if (value === undefined) return;
            if (JSON.stringify(value) === JSON.stringify(now)) return;
            changes[field] = value;
            changed.push(column);
          };
          note('paymentStatus', 'payment_status', body.paymentStatus, current.payment_status);
          note('crew', 'crew', body.crew, current.crew);
          note('emergencyContact', 'emergency_contact', body.emergencyContact, current.emergency_contact);
          note('specialRequirements', 'special_requirements', body.specialRequirements, current.special_requirements);
          const cancelling = body.status === 'cancelled' && current.status !== 'cancelled';
          if (!cancelling) note('status', 'status', body.status, current.status);
          if (Object.keys(changes).length > 0) {
            await updateRegistration(client, current.id, changes);
            const row = (await registrationDetail(client, event.id, current.id))!;
            await context.publish(client, registrationUpdatedFact(row, locked.organization_id, current.status, changed, requestId));
          }
          if (cancelling) {
            const again = (await registrationDetail(client, event.id, current.id))!;
            const outcome = await cancelLocked(context, client, locked, again, requestId);
            return { row: outcome.cancelled, promoted: outcome.promoted, changed: [...changed, 'status'] };
          }
          return { row: (await registrationDetail(client, event.id, current.id))!, promoted: null, changed };
        });
        res.json({
          data: registrationJson(result.row),
          promoted: result.promoted ? registrationJson(result.promoted) : null,
          message: result.changed.length === 0 ? 'Nothing changed.' : `Registration updated (${result.changed.join(', ')}).`,
        });
      },
    },
    {
      method: 'post',
      path: '/api/v1/events/:slug/registrations/:registrationId/cancel',
      handler: async (req, res) => {
        const identity = identityOf(res);
        const { event, registration } = await loadRegistration(context, req, identity);
        const requestId = requestIdOf(req);
        const outcome = await withTransaction(pool, async (client) => {
          const locked = (await lockEvent(client, event.id))!;
          const current = (await registrationDetail(client, event.id, registration.id))!;
          if (current.status === 'cancelled') throw conflict('already_cancelled', 'The registration is already cancelled.');
          return cancelLocked(context, client, locked, current, requestId);
        });
        res.json({
          data: registrationJson(outcome.cancelled),
          promoted: outcome.promoted ? registrationJson(outcome.promoted) : null,
          message: outcome.promoted
            ? `Registration cancelled; ${outcome.promoted.boat_name} moved up from the waitlist.`
            : 'Registration cancelled.',
        });
      },
    },
  ];
}

function duplicateProblem(kind: 'sailor' | 'boat' | 'sail', registrationId: string | undefined, boat?: BoatRow): HttpProblem {
  const extensions = registrationId ? { registrationId } : {};
  if (kind === 'sailor') return new HttpProblem(409, 'sailor_already_registered', 'This sailor is already registered (or waitlisted) in the event.', { extensions });
  if (kind === 'boat') return new HttpProblem(409, 'boat_already_registered', `The boat${boat ? ` ${boat.name}` : ''} is already registered in the event.`, { extensions });
  return new HttpProblem(409, 'boat_already_registered', `Sail number ${boat?.sail_number ?? ''} is already registered in the event.`.replace('  ', ' '), {
    extensions,
  });
}

