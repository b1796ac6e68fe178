/**
 * Exports end to end through the gateway: the demo regatta as scripts/seed/plan.ts
 * plans it (Annapolis Spring Regatta: its name, fleets, boats and sailors, four races, results made
 * official), plus one Nordic entry whose names need UTF-8 and CSV quoting. CSV rows are compared with
 * the JSON rows (rank, sail number, points, nett), the PDF is read back with pdf.js (event name,
 * status and time on every page, one fleet per page), the HTML sheet is checked; a draft regatta's
 * exports are refused exactly like its JSON.
 */
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { before, describe, test } from 'node:test';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { apiClient, createOrganization, eventually, gatewayUrl, newActor, uniqueSuffix, type Actor } from '@regatta/testing';
import { CLUBS, SAILOR_NAMES, type EventPlan } from '../scripts/seed/plan.js';

const api = apiClient();
const DAY = 86_400_000;
const DEMO: EventPlan = CLUBS.flatMap((club) => club.events).find((event) => event.slug === 'annapolis-spring-regatta')!;
const NORDIC = { boat: 'Blå "Vind", II', sailor: 'Åsa Ødegård' };

async function ok<T = any>(promise: Promise<{ status: number; body: T; text: string }>, status = 200): Promise<T> {
  const response = await promise;
  assert.equal(response.status, status, response.text);
  return response.body;
}

/** RFC 4180 reader (quoted fields, doubled quotes, CRLF): enough to check what the export wrote. */
function parseCsv(csv: string): string[][] {
  // fetch's text() already drops a UTF-8 byte order mark; a raw reader would see it.
  const text = csv.startsWith('\uFEFF') ? csv.slice(1) : csv;
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') (field += '"'), i++;
      else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') row.push(field), (field = '');
    else if (char === '\r' && text[i + 1] === '\n') {
      row.push(field), rows.push(row), (row = []), (field = ''), i++;
    } else field += char;
  }
  if (field !== '' || row.length > 0) row.push(field), rows.push(row);
  return rows;
}

const STANDARD_FONTS = join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts/');

async function pdfPages(bytes: Uint8Array): Promise<string[]> {
  const pdf = await getDocument({ data: bytes, standardFontDataUrl: STANDARD_FONTS, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    const content = await (await pdf.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).filter((text) => text.trim() !== '').join(' '));
  }
  await pdf.destroy();
  return pages;
}

/** A GET of the raw bytes (PDF) with a key; the typed client reads bodies as text. */
async function rawGet(path: string, key: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Headers; bytes: Uint8Array }> {
  const response = await fetch(new URL(path, gatewayUrl()), { headers: { authorization: `Bearer ${key}`, ...headers } });
  return { status: response.status, headers: response.headers, bytes: new Uint8Array(await response.arrayBuffer()) };
}

describe('exports of the demo regatta through the gateway', () => {
  let organizer: Actor;
  let reader: Actor;
  let slug: string;
  let name: string;
  let seriesSlug: string;
  const fleetNames = DEMO.fleets.map((fleet) => fleet.body.name);

  before(async () => {
    organizer = await newActor(api);
    reader = await newActor(api, ['read']);
    const key = organizer.key;
    const org = await createOrganization(api, organizer);
    const now = Date.now();
    const start = now + DEMO.startInDays * DAY;
    name = `${DEMO.name} ${uniqueSuffix()}`;
    const created = await ok(
      api.post(
        '/api/v1/events',
        {
          organization: org.slug,
          name,
          venue: DEMO.venue,
          startDate: new Date(start).toISOString(),
          endDate: new Date(start + DEMO.lengthDays * DAY).toISOString(),
          registrationOpen: new Date(now - 60 * DAY).toISOString(),
        },
        { key },
      ),
      201,
    );
    slug = created.data.slug;
    const fleets: { id: string; plan: (typeof DEMO.fleets)[number] }[] = [];
    for (const plan of DEMO.fleets) fleets.push({ id: (await ok(api.post(`/api/v1/events/${slug}/fleets`, plan.body, { key }), 201)).data.id, plan });
    const raceStart = (number: number) => start + Math.floor((number - 1) / 3) * DAY + ((number - 1) % 3) * 90 * 60_000 + 11 * 3_600_000;
    const races: { id: string; fleetId: string; number: number }[] = [];
    for (const fleet of fleets) {
      for (let number = 1; number <= DEMO.races; number++) {
        const race = await ok(api.post(`/api/v1/events/${slug}/races`, { fleetId: fleet.id, raceNumber: number, scheduledStart: new Date(raceStart(number)).toISOString() }, { key }), 201);
        races.push({ id: race.data.id, fleetId: fleet.id, number });
      }
    }
    await ok(api.put(`/api/v1/events/${slug}`, { status: 'published' }, { key }));
    const boats = new Map<string, string[]>();
    let entry = 0;
    for (const fleet of fleets) {
      const list: string[] = [];
      for (let index = 0; index < fleet.plan.entries; index++) {
        const sailorName = SAILOR_NAMES[(DEMO.sailorOffset + entry++) % SAILOR_NAMES.length]!;
        const nordic = fleet === fleets[1] && index === 0;
        const wobble = (index % 7) - 3;
        const body = {
          fleet: fleet.id,
          sailor: { name: nordic ? NORDIC.sailor : sailorName, email: `export-${entry}-${uniqueSuffix()}@sailors.example.org` },
          boat: {
            name: nordic ? NORDIC.boat : fleet.plan.boatNames[index % fleet.plan.boatNames.length]!,
            sailNumber: `${fleet.plan.sailPrefix} ${fleet.plan.sailStart + index}`,
            model: fleet.plan.model,
            ...(fleet.plan.body.handicap?.system === 'irc' ? { ratings: { irc: Number((1.02 + wobble * 0.015).toFixed(3)) } } : {}),
          },
          crew: index % 3 === 0 ? [] : ['Sam', 'Alex'],
        };
        list.push((await ok(api.post(`/api/v1/events/${slug}/register`, body, { key }), 201)).data.boatId);
      }
      boats.set(fleet.id, list);
    }
    await ok(api.put(`/api/v1/events/${slug}`, { status: 'ongoing' }, { key }));
    for (const race of races) {
      const list = boats.get(race.fleetId)!;
      const order = list.map((boat, index) => ({ boat, key: (index * 7 + race.number * 3) % list.length })).sort((a, b) => a.key - b.key);
      const results = order.map((item, place) =>
        place === order.length - 1 && race.number % 2 === 0
          ? { boat: item.boat, status: 'dnf' }
          : { boat: item.boat, status: 'finished', finishTime: new Date(raceStart(race.number) + 45 * 60_000 + place * 47_000 + (race.number % 3) * 13_000).toISOString() },
      );
      await ok(api.post(`/api/v1/events/${slug}/races/${race.id}/results`, { actualStart: new Date(raceStart(race.number)).toISOString(), status: 'finished', results }, { key }));
    }
    await ok(api.post(`/api/v1/events/${slug}/results/publish`, undefined, { key }));
    // Standings follow the submissions through Kafka: wait until every race of every boat counts.
    const total = [...boats.values()].reduce((sum, list) => sum + list.length, 0);
    await eventually(
      async () => {
        const standings = await api.get(`/api/v1/events/${slug}/standings`, { key: reader.key });
        const entries = standings.body?.data?.standings ?? [];
        const complete = entries.length === total && entries.every((e: { raceResults: unknown[] }) => e.raceResults.length === DEMO.races);
        return complete && standings.body.data.fleets.every((f: { status: string }) => f.status === 'official') ? true : undefined;
      },
      30_000,
      'official standings of every boat',
    );
    seriesSlug = (await ok(api.post('/api/v1/series', { organization: org.slug, name: `Severn Series ${uniqueSuffix()}`, year: new Date(start).getUTCFullYear(), events: [slug], scoringRule: 'sum_of_net' }, { key }), 201)).data.slug;
  });

  test('standings CSV equals the JSON: header row, one row per boat, rank, sail number, points per race, nett', async () => {
    const json = await ok(api.get(`/api/v1/events/${slug}/standings`, { key: reader.key }));
    const csv = await api.get(`/api/v1/events/${slug}/standings`, { key: reader.key, query: { format: 'csv' } });
    assert.equal(csv.status, 200, csv.text);
    assert.match(csv.headers.get('content-type') ?? '', /^text\/csv; charset=utf-8/);
    assert.match(csv.headers.get('content-disposition') ?? '', new RegExp(`^attachment; filename="${slug}-standings\\.csv"$`));
    assert.match(csv.headers.get('vary') ?? '', /Accept/);
    const raw = await rawGet(`/api/v1/events/${slug}/standings?format=csv`, reader.key);
    assert.deepEqual([...raw.bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf], 'UTF-8 with a byte order mark');
    assert.ok(Buffer.from(raw.bytes).includes(Buffer.from(NORDIC.sailor, 'utf8')), 'names in UTF-8');
    const [header, ...rows] = parseCsv(csv.text);
    const col = (label: string) => {
      const index = header!.indexOf(label);
      assert.ok(index >= 0, `column ${label} in ${header}`);
      return index;
    };
    assert.equal(rows.length, json.data.standings.length, 'one row per boat');
    json.data.standings.forEach((entry: any, i: number) => {
      const row = rows[i]!;
      assert.equal(row[col('Fleet')], entry.fleet);
      assert.equal(row[col('Rank')], String(entry.position));
      assert.equal(row[col('Sail number')], entry.boat.sail ?? '');
      assert.equal(row[col('Boat')], entry.boat.name);
      assert.equal(row[col('Skipper')], entry.skipper ?? '');
      assert.equal(row[col('Nett')], String(entry.netPoints));
      assert.equal(row[col('Total')], String(entry.totalPoints));
      for (const race of entry.raceResults) {
        const text = race.code ? `${race.points} ${race.code.toUpperCase()}` : String(race.points);
        assert.equal(row[col(`R${race.race}`)], race.dropped ? `(${text})` : text);
      }
    });
    assert.ok(rows.some((row) => row[col('Boat')] === NORDIC.boat && row[col('Skipper')] === NORDIC.sailor), 'UTF-8 names and quoting survive');
  });

  test('results CSV equals the JSON results row for row; entry list and series standings export too', async () => {
    const json = await ok(api.get(`/api/v1/events/${slug}/results`, { key: reader.key }));
    const csv = await api.get(`/api/v1/events/${slug}/results`, { key: reader.key, headers: { accept: 'text/csv' } });
    assert.equal(csv.status, 200, csv.text);
    const [header, ...rows] = parseCsv(csv.text);
    const expected = json.data.races.flatMap((item: any) => item.results.map((r: any) => [item.race.fleet.name, String(item.race.number), r.boat.sail ?? '', r.position === null ? '' : String(r.position), r.points === null ? '' : String(r.points)]));
    // The export groups the rows by fleet (one section per fleet), in the JSON's order within a fleet.
    expected.sort((a: string[], b: string[]) => fleetNames.indexOf(a[0]!) - fleetNames.indexOf(b[0]!));
    const pick = (row: string[]) => ['Fleet', 'Race', 'Sail number', 'Place', 'Points'].map((label) => row[header!.indexOf(label)]!);
    assert.deepEqual(rows.map(pick), expected);

    const entries = await api.get(`/api/v1/events/${slug}/registrations`, { key: organizer.key, query: { format: 'csv' } });
    assert.equal(entries.status, 200, entries.text);
    const [entryHeader, ...entryRows] = parseCsv(entries.text);
    assert.equal(entryRows.length, DEMO.fleets.reduce((sum, fleet) => sum + fleet.entries, 0), 'the whole entry list, not one page');
    assert.ok(entryHeader!.includes('Crew') && entryHeader!.includes('Payment'), 'the organizer sees crew and payment');
    const publicEntries = await api.get(`/api/v1/events/${slug}/registrations`, { key: reader.key, query: { format: 'csv' } });
    assert.ok(!parseCsv(publicEntries.text)[0]!.includes('Crew'), 'a reader does not');

    const seriesJson = await ok(api.get(`/api/v1/series/${seriesSlug}/standings`, { key: reader.key }));
    const series = await api.get(`/api/v1/series/${seriesSlug}/standings`, { key: reader.key, query: { format: 'csv' } });
    assert.equal(series.status, 200, series.text);
    const [seriesHeader, ...seriesRows] = parseCsv(series.text);
    assert.deepEqual(
      seriesRows.map((row) => [row[seriesHeader!.indexOf('Rank')], row[seriesHeader!.indexOf('Sail number')], row[seriesHeader!.indexOf('Nett')]]),
      seriesJson.data.standings.map((e: any) => [String(e.position), e.boat.sail ?? '', String(e.netPoints)]),
    );
  });

  test('standings PDF: one fleet per page with the event name, status and time; conditional GET works', async () => {
    const json = await ok(api.get(`/api/v1/events/${slug}/standings`, { key: reader.key }));
    const pdf = await rawGet(`/api/v1/events/${slug}/standings?format=pdf`, reader.key);
    assert.equal(pdf.status, 200);
    assert.equal(pdf.headers.get('content-type'), 'application/pdf');
    assert.match(pdf.headers.get('content-disposition') ?? '', /^attachment; filename=".+-standings\.pdf"$/);
    assert.equal(Buffer.from(pdf.bytes.subarray(0, 5)).toString('latin1'), '%PDF-');
    const pages = await pdfPages(pdf.bytes);
    assert.equal(pages.length, fleetNames.length, 'one page per fleet');
    fleetNames.forEach((fleet, i) => {
      const page = pages[i]!;
      assert.ok(page.startsWith(`${name} Standings: ${fleet}`), page.slice(0, 120));
      assert.ok(page.includes('Status: official'), page.slice(0, 200));
      const fleetAsOf = json.data.fleets.find((f: any) => f.name === fleet).asOf as string;
      assert.ok(page.includes(`Results as of ${fleetAsOf.slice(0, 19).replace('T', ' ')} UTC`), page.slice(0, 200));
      for (const entry of json.data.standings.filter((e: any) => e.fleet === fleet)) {
        assert.ok(page.includes(`${entry.position} ${entry.boat.sail}`), `${fleet}: ${entry.boat.sail}`);
      }
      for (const other of fleetNames.filter((f) => f !== fleet)) assert.ok(!page.includes(`Standings: ${other}`));
    });
    assert.ok(pages.join(' ').includes(NORDIC.sailor), 'Western European names are kept in the PDF');

    // The same bytes again, and a 304 for their tag (through the Accept negotiation this time).
    const etag = pdf.headers.get('etag')!;
    assert.match(etag, /^"[A-Za-z0-9_-]+"$/);
    const again = await rawGet(`/api/v1/events/${slug}/standings`, reader.key, { accept: 'application/pdf' });
    assert.equal(again.headers.get('etag'), etag, 'deterministic PDF');
    assert.equal((await rawGet(`/api/v1/events/${slug}/standings?format=pdf`, reader.key, { 'if-none-match': etag })).status, 304);
    assert.notEqual((await api.get(`/api/v1/events/${slug}/standings`, { key: reader.key })).headers.get('etag'), etag, 'JSON has its own tag');
  });

  test('results and entry list PDFs; the HTML sheet is print-ready with one section per fleet', async () => {
    const results = await pdfPages((await rawGet(`/api/v1/events/${slug}/results?format=pdf`, reader.key)).bytes);
    assert.equal(results.length, fleetNames.length);
    results.forEach((page, i) => assert.ok(page.startsWith(`${name} Results: ${fleetNames[i]} Status: official · Results as of`), page.slice(0, 160)));
    const entries = await pdfPages((await rawGet(`/api/v1/events/${slug}/registrations?format=pdf`, reader.key)).bytes);
    assert.equal(entries.length, fleetNames.length);

    const html = await api.get(`/api/v1/events/${slug}/standings`, { key: reader.key, query: { format: 'html' } });
    assert.equal(html.status, 200);
    assert.match(html.headers.get('content-type') ?? '', /^text\/html; charset=utf-8/);
    assert.match(html.headers.get('content-security-policy') ?? '', /default-src 'none'/);
    assert.match(html.text, /^<!DOCTYPE html>/);
    assert.equal(html.text.match(/<section class="fleet">/g)?.length, fleetNames.length);
    assert.match(html.text, /@media print[\s\S]*break-after: page/);
    assert.ok(html.text.includes(`<td>${NORDIC.sailor}</td>`));
    // A browser's Accept gets the sheet, a client that asks for JSON keeps JSON.
    const browser = await api.get(`/api/v1/events/${slug}/standings`, { key: reader.key, headers: { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' } });
    assert.match(browser.headers.get('content-type') ?? '', /^text\/html/);
    const plain = await api.get(`/api/v1/events/${slug}/standings`, { key: reader.key, headers: { accept: 'image/png, */*;q=0.1' } });
    assert.match(plain.headers.get('content-type') ?? '', /^application\/json/);
  });

  test('an unknown format is 400 validation_failed naming query.format', async () => {
    for (const path of [`/api/v1/events/${slug}/standings?format=xlsx`, `/api/v1/events/${slug}/results?format=xlsx`, `/api/v1/events/${slug}/registrations?format=xlsx`, `/api/v1/series/${seriesSlug}/standings?format=xlsx`]) {
      const response = await api.get(path as never, { key: reader.key, contract: false });
      assert.equal(response.status, 400, `${path}: ${response.text}`);
      assert.equal(response.body.code, 'validation_failed');
      assert.deepEqual(response.body.errors.map((e: { field: string }) => e.field), ['query.format']);
    }
  });

  test('a draft regatta refuses its exports exactly as its JSON', async () => {
    const org = await createOrganization(api, organizer);
    const draft = await ok(api.post('/api/v1/events', { organization: org.slug, name: `Hidden Cup ${uniqueSuffix()}`, startDate: new Date(Date.now() + 30 * DAY).toISOString(), endDate: new Date(Date.now() + 31 * DAY).toISOString() }, { key: organizer.key }), 201);
    for (const path of [`/api/v1/events/${draft.data.slug}/standings`, `/api/v1/events/${draft.data.slug}/results`, `/api/v1/events/${draft.data.slug}/registrations`]) {
      const asJson = await api.get(path as never, { key: reader.key });
      for (const format of ['csv', 'html', 'pdf']) {
        const exported = await api.get(`${path}?format=${format}` as never, { key: reader.key });
        assert.equal(exported.status, asJson.status, `${path} ${format}`);
        assert.equal(exported.status, 404);
        assert.equal(exported.body.code, asJson.body.code);
      }
      // The organizer sees the draft in every format.
      assert.equal((await api.get(`${path}?format=csv` as never, { key: organizer.key })).status, 200, path);
    }
    // Without credentials: refused by the gateway before any rendering, like the JSON.
    const anonymous = await fetch(new URL(`/api/v1/events/${slug}/standings?format=pdf`, gatewayUrl()));
    const anonymousJson = await fetch(new URL(`/api/v1/events/${slug}/standings`, gatewayUrl()));
    assert.equal(anonymous.status, anonymousJson.status);
  });
});
