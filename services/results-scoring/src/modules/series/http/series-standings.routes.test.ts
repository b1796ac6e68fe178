/**
 * GET series standings answered by its stored view's version: the series, its events and the view's
 * version in one query; If-None-Match of the tag answered 304 without reading the view's text; the
 * text read once per tag and sent byte for byte as the stored view makes it.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { createHash } from 'node:crypto';
import { request } from 'node:http';
import { createApp, mountRoutes, type Identity } from '@regatta/http';
import { createLogger } from '@regatta/logging';
import type { ServiceContext } from '@regatta/runtime';
import { seriesStandingsRoutes } from './series-standings.routes.js';
import { seriesStandingsTag } from './series-standings.views.js';

const start = new Date('2026-05-01T00:00:00Z');
const event = { id: 'e1', slug: 'spring-cup', name: 'Spring Cup', organization_id: 'o1', organization_slug: 'yc', organization_name: 'YC', status: 'published', start_date: start, source_updated_at: null, occurred_at: start };
// The stored view's parts, as renderSeriesView writes them.
const seriesText = '{"id":"s1","slug":"league","name":"League","year":2026,"scoringRule":"sum_of_net","bestOf":null}';
const eventsText = '[{"id":"e1","slug":"spring-cup","name":"Spring Cup"}]';
const standings = JSON.stringify(Array.from({ length: 60 }, (_, i) => ({ fleet: i % 2 ? 'ILCA 7' : 'ILCA 6', boat: `GER ${i}`, total: i + 1 })));
const viewEtag = 'md5-of-the-stored-view';

const queries: string[] = [];
let eventsMd5 = '';
let base = '';
let close: () => void = () => undefined;

async function fakeQuery(sql: string): Promise<{ rows: unknown[] }> {
  queries.push(sql);
  if (sql.includes('WITH ser AS')) {
    return {
      rows: [
        {
          series_id: 's1', series_organization_id: 'o1', series_slug: 'league', series_name: 'League', series_year: 2026, series_event_ids: ['e1'],
          series_scoring_rule: 'sum_of_net', series_best_of: null, series_created_at: start,
          view_event_ids: ['e1'], view_events_md5: eventsMd5, view_etag: viewEtag, view_fresh: true, ...event,
        },
      ],
    };
  }
  if (sql.includes('FROM series_views WHERE series_id')) return { rows: [{ series: seriesText, events: eventsText, standings, etag: viewEtag }] };
  return { rows: [] };
}

before(async () => {
  // The events' text the view was computed from, as the read compares it (eventRef of the projection).
  const { eventRef } = await import('../../results/domain/public-views.js');
  eventsMd5 = createHash('md5').update(JSON.stringify([eventRef({ id: 'e1', slug: 'spring-cup', name: 'Spring Cup', organizationId: 'o1', organizationSlug: 'yc', organizationName: 'YC', status: 'published', startDate: start, sourceUpdatedAt: null })])).digest('hex');
  const logger = createLogger({ service: 'series-standings-test', level: 'warn' });
  const context = { pool: { query: fakeQuery }, logger, waitFor: async () => false } as unknown as ServiceContext;
  const app = createApp({ logger, parseJson: false, conditionalGets: true });
  const anonymous: Identity = { scopes: [], roles: {}, via: 'anonymous' as Identity['via'] };
  app.use((_req, res, next) => {
    res.locals['identity'] = anonymous;
    next();
  });
  mountRoutes(app, seriesStandingsRoutes(context));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});

after(() => close());

function get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end();
  });
}

const textReads = () => queries.filter((sql) => sql.includes('FROM series_views WHERE series_id')).length;

test('If-None-Match of the stored view\'s tag is answered 304 from one query, without reading the view\'s text', async () => {
  queries.length = 0;
  const tag = seriesStandingsTag({ fleet: undefined, includeDrops: false }, viewEtag);
  const answer = await get('/api/v1/series/league/standings?includeDrops=false', { 'if-none-match': tag });
  assert.equal(answer.status, 304);
  assert.equal(answer.headers['etag'], tag);
  assert.equal(queries.length, 1, 'the series, its events and the view version in one query');
  assert.equal(textReads(), 0);
});

test('the stored view is sent byte for byte under its tag, read once per tag; the fleet filter has its own tag', async () => {
  queries.length = 0;
  const first = await get('/api/v1/series/league/standings?includeDrops=true');
  assert.equal(first.status, 200);
  assert.equal(first.body, `{"data":{"series":${seriesText},"events":${eventsText},"standings":${standings}}}`);
  assert.equal(first.headers['etag'], seriesStandingsTag({ fleet: undefined, includeDrops: true }, viewEtag));
  assert.equal((await get('/api/v1/series/league/standings?includeDrops=true')).body, first.body);
  assert.equal(textReads(), 1, 'the text of one tag is read once');

  const fleet = await get('/api/v1/series/league/standings?fleet=ilca%206&includeDrops=false');
  const wanted = (JSON.parse(standings) as { fleet: string }[]).filter((entry) => entry.fleet === 'ILCA 6');
  assert.equal(fleet.body, `{"data":{"series":${seriesText},"events":${eventsText},"standings":${JSON.stringify(wanted)}}}`);
  assert.equal(fleet.headers['etag'], seriesStandingsTag({ fleet: 'ilca 6', includeDrops: false }, viewEtag));
  assert.notEqual(fleet.headers['etag'], first.headers['etag']);
});
