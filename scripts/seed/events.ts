/** Organizations and regattas of the plan: fleets, races, entries, results and the public states, found by name or slug before anything is created. */
import { call, eventually, expect, log, warn } from './http.js';
import { SAILOR_NAMES, type ClubPlan, type EventPlan, type FleetPlan } from './plan.js';

const DAY = 86_400_000;

// ------------------------------------------------------------------------------------------ organizations

export async function ensureOrganization(plan: ClubPlan): Promise<{ id: string; slug: string; name: string }> {
  const found = expect(await call('GET', `/api/v1/organizations?q=${encodeURIComponent(plan.name)}&limit=100`), [200], `look up ${plan.name}`);
  const list = (found.body.organizations ?? found.body.data ?? []) as { id: string; slug: string; name: string }[];
  const existing = list.find((org) => org.name === plan.name);
  if (existing) return existing;
  const created = expect(
    await call('POST', '/api/v1/organizations', {
      name: plan.name,
      type: plan.type,
      description: plan.description,
      founded: plan.founded,
      address: plan.address,
      contact: plan.contact,
      socialMedia: plan.socialMedia,
    }),
    [201],
    `create ${plan.name}`,
  );
  const org = created.body.data ?? created.body.organization ?? created.body;
  log(`created organization ${org.name} (${org.slug})`);
  return { id: org.id, slug: org.slug, name: org.name };
}

// ------------------------------------------------------------------------------------------ events

export interface EventState {
  id: string;
  slug: string;
  status: string;
  startDate: string;
  fleets: { id: string; name: string; handicap: { system: string } }[];
  races: { id: string; fleetId: string; raceNumber: number; status: string }[];
}

export async function loadEvent(slug: string): Promise<EventState | undefined> {
  const reply = await call('GET', `/api/v1/events/${slug}?include=fleets,races`);
  if (reply.status === 404) return undefined;
  expect(reply, [200], `read event ${slug}`);
  return reply.body.data as EventState;
}

function ratingsFor(fleet: FleetPlan, index: number): Record<string, number> | undefined {
  const wobble = (index % 7) - 3;
  switch (fleet.body.handicap?.system ?? 'one_design') {
    case 'phrf_tot':
    case 'phrf_tod':
      return { phrf: 108 + wobble * 9 };
    case 'irc':
      return { irc: Number((1.02 + wobble * 0.015).toFixed(3)) };
    case 'orc_tot':
      return { orc_tot: Number((1.05 + wobble * 0.012).toFixed(3)) };
    case 'portsmouth_rya':
      return { portsmouth_rya: 1100 + wobble * 25 };
    case 'portsmouth_us':
      return { portsmouth_us: 91 + wobble };
    default:
      return undefined;
  }
}

/** The n-th sailor of the demo pool (sailors recur across regattas, never twice in one). */
function sailorAt(index: number): { name: string; email: string } {
  const name = SAILOR_NAMES[index % SAILOR_NAMES.length]!;
  return { name, email: `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@sailors.example.org` };
}

export async function ensureEvent(org: { slug: string }, plan: EventPlan, now: number): Promise<EventState> {
  let state = await loadEvent(plan.slug);
  if (!state) {
    const start = now + plan.startInDays * DAY;
    expect(
      await call('POST', '/api/v1/events', {
        organization: org.slug,
        slug: plan.slug,
        name: plan.name,
        description: plan.description,
        venue: plan.venue,
        timeZone: plan.timeZone,
        address: plan.address,
        startDate: new Date(start).toISOString(),
        endDate: new Date(start + plan.lengthDays * DAY).toISOString(),
        registrationOpen: new Date(now + Math.min(-1, plan.startInDays - 60) * DAY).toISOString(),
        ...(plan.registrationCloseInDays !== undefined ? { registrationClose: new Date(now + plan.registrationCloseInDays * DAY).toISOString() } : {}),
        entryFee: plan.entryFee,
        currency: 'USD',
        ...(plan.maxParticipants ? { maxParticipants: plan.maxParticipants } : {}),
        nor: plan.nor,
      }),
      [201],
      `create event ${plan.slug}`,
    );
    log(`created event ${plan.name}`);
    state = (await loadEvent(plan.slug))!;
  }
  for (const fleet of plan.fleets) {
    if (state.fleets.some((existing) => existing.name === fleet.body.name)) continue;
    // Entries are only taken while the regatta is published: a fleet the plan gained after the
    // regatta started (a demo seeded by an older version) would stay empty, so it is not added.
    if (state.status !== 'draft' && state.status !== 'published') {
      warn(`${plan.slug} is ${state.status}: fleet ${fleet.body.name} of the plan is not added (seeded before it was planned)`);
      continue;
    }
    expect(await call('POST', `/api/v1/events/${plan.slug}/fleets`, fleet.body), [201], `create fleet ${fleet.body.name}`);
  }
  if (state.status === 'draft') {
    const docs = await call('GET', `/api/v1/events/${plan.slug}?include=documents`);
    if ((docs.body.data?.documents ?? []).length === 0) {
      await call('POST', `/api/v1/events/${plan.slug}/documents`, { kind: 'nor', title: `${plan.name} — Notice of Race`, url: `https://docs.example.org/${plan.slug}/nor.pdf` });
      await call('POST', `/api/v1/events/${plan.slug}/documents`, { kind: 'si', title: 'Sailing Instructions', body: 'The racing rules of sailing 2025-2028 apply. Courses per attachment A. Time limit 90 minutes.' });
    }
  }
  state = (await loadEvent(plan.slug))!;

  // Races are scheduled before the start.
  for (const fleet of state.fleets) {
    const fleetPlan = plan.fleets.find((candidate) => candidate.body.name === fleet.name)!;
    for (let number = 1; number <= plan.races; number += 1) {
      if (state.races.some((race) => race.fleetId === fleet.id && race.raceNumber === number)) continue;
      const start = now + plan.startInDays * DAY + Math.floor((number - 1) / 3) * DAY + ((number - 1) % 3) * 90 * 60_000 + 11 * 3_600_000;
      expect(
        await call('POST', `/api/v1/events/${plan.slug}/races`, {
          fleetId: fleet.id,
          raceNumber: number,
          scheduledStart: new Date(start).toISOString(),
          courseDescription: number % 2 === 1 ? 'Windward/leeward, 2 laps' : 'Triangle, finish to windward',
          courseDistanceNm: number === 1 && fleetPlan.body.handicap?.system === 'phrf_tod' ? 24 : Number((4.2 + number * 0.3).toFixed(1)),
        }),
        [201, 409],
        `schedule race ${number} of ${fleet.name}`,
      );
    }
  }

  if (plan.target === 'draft') return (await loadEvent(plan.slug))!;
  if (state.status === 'draft') expect(await call('PUT', `/api/v1/events/${plan.slug}`, { status: 'published' }), [200], `publish ${plan.slug}`);

  // Entries, while the regatta is published.
  state = (await loadEvent(plan.slug))!;
  if (state.status === 'published') {
    const existing = expect(await call('GET', `/api/v1/events/${plan.slug}/registrations?limit=100`), [200], 'list registrations');
    if (existing.body.data.length === 0) {
      let entry = 0;
      for (const fleet of state.fleets) {
        const fleetPlan = plan.fleets.find((candidate) => candidate.body.name === fleet.name)!;
        for (let index = 0; index < fleetPlan.entries; index += 1) {
          const sailor = sailorAt(plan.sailorOffset + entry);
          entry += 1;
          const ratings = ratingsFor(fleetPlan, index);
          const reply = await call('POST', `/api/v1/events/${plan.slug}/register`, {
            fleet: fleet.id,
            sailor,
            boat: {
              name: fleetPlan.boatNames[index % fleetPlan.boatNames.length]!,
              sailNumber: `${fleetPlan.sailPrefix} ${fleetPlan.sailStart + index}`,
              model: fleetPlan.model,
              ...(ratings ? { ratings } : {}),
            },
            crew: index % 3 === 0 ? [] : [sailorAt(plan.sailorOffset + 40 + index).name.split(' ')[0]!, sailorAt(plan.sailorOffset + 47 + index).name.split(' ')[0]!],
            emergencyContact: `Shore contact +1 410 555 0${100 + index}`,
          });
          expect(reply, [201, 409], `register ${sailor.name}`);
        }
      }
      log(`registered entries for ${plan.name}`);
    }
  }

  if (plan.target === 'published') return (await loadEvent(plan.slug))!;
  state = (await loadEvent(plan.slug))!;
  if (state.status === 'published') expect(await call('PUT', `/api/v1/events/${plan.slug}`, { status: 'ongoing' }), [200], `start ${plan.slug}`);

  state = (await loadEvent(plan.slug))!;
  if (state.status === 'ongoing') await submitResults(plan, state, now);
  if (plan.target === 'completed' && state.status === 'ongoing') {
    // A finished regatta's results are official (the ongoing one's stay provisional).
    if (resultsAvailable) expect(await call('POST', `/api/v1/events/${plan.slug}/results/publish`), [200], `publish the results of ${plan.slug}`);
    expect(await call('PUT', `/api/v1/events/${plan.slug}`, { status: 'completed' }), [200], `complete ${plan.slug}`);
  }
  return (await loadEvent(plan.slug))!;
}

let resultsAvailable = true;

async function submitResults(plan: EventPlan, state: EventState, now: number): Promise<void> {
  if (!resultsAvailable) return;
  const entries = expect(await call('GET', `/api/v1/events/${plan.slug}/registrations?limit=100&status=registered`), [200], 'list entries');
  const racesToScore = plan.target === 'completed' ? plan.races : Math.min(plan.races, 2);
  let submitted = 0;
  for (const fleet of state.fleets) {
    const boats = (entries.body.data as { fleetId: string; boat: { id: string } }[]).filter((entry) => entry.fleetId === fleet.id).map((entry) => entry.boat.id);
    if (boats.length === 0) continue;
    for (const race of state.races.filter((candidate) => candidate.fleetId === fleet.id && candidate.raceNumber <= racesToScore)) {
      if (race.status === 'finished') continue;
      const start = now + plan.startInDays * DAY + Math.floor((race.raceNumber - 1) / 3) * DAY + ((race.raceNumber - 1) % 3) * 90 * 60_000 + 11 * 3_600_000;
      // A deterministic but varied finishing order per race.
      const order = boats.map((boat, index) => ({ boat, key: (index * 7 + race.raceNumber * 3) % boats.length }));
      order.sort((a, b) => a.key - b.key);
      const results = order.map((item, place) => {
        if (place === order.length - 1 && race.raceNumber % 2 === 0) return { boat: item.boat, status: 'dnf' };
        return { boat: item.boat, status: 'finished', finishTime: new Date(start + 45 * 60_000 + place * 47_000 + (race.raceNumber % 3) * 13_000).toISOString() };
      });
      const reply = await eventually(
        () => call('POST', `/api/v1/events/${plan.slug}/races/${race.id}/results`, { actualStart: new Date(start).toISOString(), status: 'finished', results }),
        [400, 404, 409],
        'submit results',
        15,
      );
      if (reply.status === 404 || reply.status === 405) {
        warn(`results cannot be submitted yet (${reply.status} ${reply.body?.code ?? ''}); skipping results`);
        resultsAvailable = false;
        return;
      }
      if (reply.status !== 200 && reply.status !== 201) {
        warn(`results of ${fleet.name} race ${race.raceNumber} refused: ${reply.status} ${JSON.stringify(reply.body).slice(0, 300)}`);
        continue;
      }
      submitted += 1;
    }
  }
  if (submitted > 0) log(`submitted results of ${submitted} race(s) of ${plan.name}`);
}
