/**
 * Every public page in both languages, from one regatta that has a bit of everything (documents,
 * cancelled and finished races, a waitlist, provisional and official results, discards, ties, every
 * kind of decision, a withdrawn and a late case, a series with an absent boat):
 *   - rendered in German, no English word is left in what a reader sees (text, labels, titles,
 *     placeholders and the messages the pages' scripts show), and no resource key shows through;
 *   - rendered in English, the same words are there (so the check looks at the right things);
 *   - each page says its language, links Sign in to the console (on a regatta's pages, back to that
 *     regatta) and offers the other language;
 *   - the notice board's words for a decision say in English exactly what the JSON twin's
 *     `outcome` and `summary` say (one account of a decision, in words and for machines).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { consequenceSummary, decisionOutcome as twinOutcome, type CaseConsequence, type CaseRecord } from '../domain/notice-board.js';
import type { EventPartsInput } from '../domain/parts.js';
import { entriesView, regattaView, resultsView, splitByDate, standingsView } from '../domain/public-views.js';
import type { SeriesView } from '../domain/series-view.js';
import { ENGLISH, localeOf, type Locale } from '../i18n/locale.js';
import { embedDemoPage } from './embed-demo.views.js';
import { consequenceText, decisionOutcome } from './notice-board.views.js';
import { clubPage, entriesPage, notFoundPage, regattaPage, regattasPage, resultsPage, seriesPage, standingsPage } from './pages.views.js';

const GERMAN = localeOf('de');
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const [EVENT, FLEET, ORG, LASER] = [id(1), id(2), id(3), id(4)];
const RACES = [id(11), id(12), id(13)];
const BOATS = [id(21), id(22), id(23), id(24)];
const T = '2026-06-20T10:00:00Z';

const organization = { id: ORG, slug: 'kieler-yacht-club', name: 'Kieler Yacht-Club', type: 'yacht-club', description: 'Seit 1887 an der Förde.', city: 'Kiel', country: 'DE', website: null };
const event = {
  id: EVENT, slug: 'kieler-woche', name: 'Kieler Woche', description: 'Segeln auf der Förde.', venue: 'Kiel-Schilksee', address: null,
  startDate: '2026-06-20T08:00:00Z', endDate: '2026-06-28T18:00:00Z', registrationOpen: null, registrationClose: null, status: 'ongoing',
  organization: { id: ORG, slug: organization.slug, name: organization.name }, maxParticipants: 3,
  noticeOfRace: 'https://kiel.example.org/ausschreibung.pdf', sailingInstructions: 'Am Hafenbüro erhältlich.',
};
const boat = (i: number) => ({ id: BOATS[i]!, sailNumber: `GER ${101 + i}`, boatName: ['Möwe', 'Albatros', 'Kormoran', 'Seeschwalbe'][i]! });
const sailors = ['Anna Schmidt', 'Jan Petersen', 'Lena Vogt', 'Ole Hansen'];

const consequences: CaseConsequence[] = [
  { boatId: BOATS[1]!, raceId: RACES[0]!, action: 'dsq', points: null, percent: null, method: null, code: null },
  { boatId: BOATS[2]!, raceId: RACES[0]!, action: 'dne', points: null, percent: null, method: null, code: null },
  { boatId: BOATS[0]!, raceId: RACES[1]!, action: 'dpi', points: 2.5, percent: null, method: null, code: null },
  { boatId: BOATS[0]!, raceId: RACES[1]!, action: 'dpi', points: 1, percent: null, method: null, code: null },
  { boatId: BOATS[3]!, raceId: RACES[1]!, action: 'scp', percent: 20, points: null, method: null, code: null },
  { boatId: BOATS[3]!, raceId: RACES[0]!, action: 'rdg', method: 'average_all', points: null, percent: null, code: null },
  { boatId: BOATS[2]!, raceId: RACES[1]!, action: 'rdg', method: 'points', points: 3, percent: null, code: null },
  { boatId: BOATS[1]!, raceId: RACES[1]!, action: 'correct', code: 'OCS', points: null, percent: null, method: null },
];
const lodging = (number: number, type: string, extra: Partial<CaseRecord> = {}): CaseRecord => ({
  protestId: `p${number}`, number, type, raceIds: [RACES[0]!], protestorParty: 'boat', protestorBoatId: BOATS[0]!, protesteeBoatIds: [BOATS[1]!],
  rulesAlleged: ['10'], lodgedAt: T, late: false, hearing: { startsAt: '2026-06-20T19:30:00Z', room: 'Jury-Raum', partyBoatIds: [BOATS[0]!, BOATS[1]!], scheduledAt: T },
  decision: null, withdrawal: null, ...extra,
});
const cases: CaseRecord[] = [
  lodging(1, 'boat', { decision: { decidedAt: '2026-06-20T20:05:00Z', factsFound: 'Möwe lag auf Steuerbordbug.', conclusions: 'Albatros hielt sich nicht frei.', rulesApplied: ['10'], consequences } }),
  lodging(2, 'race_committee', { protestorParty: 'race_committee', protestorBoatId: null, decision: { decidedAt: T, factsFound: 'Frühstart.', conclusions: 'Keine.', rulesApplied: [], consequences: [] } }),
  lodging(3, 'redress', { protestorBoatId: BOATS[3]!, protesteeBoatIds: [], late: true, raceIds: [RACES[1]!, id(99)] }),
  lodging(4, 'scoring_inquiry', { withdrawal: { withdrawnAt: T } }),
];

const standingEntry = (i: number, position: number, scores: number[], dropped: number) => ({
  position, boatId: BOATS[i]!, boatName: boat(i).boatName, sailNumber: boat(i).sailNumber, sailorName: sailors[i]!,
  totalPoints: scores.reduce((a, b) => a + b, 0), netPoints: scores.reduce((a, b) => a + b, 0) - scores[dropped]!, racesCompleted: scores.length,
  raceResults: scores.map((points, r) => ({ raceNumber: r + 1, points, dropped: r === dropped, code: points === 5 ? 'DNF' : null })),
});

const parts: EventPartsInput = {
  event,
  organization,
  fleets: [
    { id: FLEET, name: 'Optimist', description: null, scoringSystem: 'low_point', dropRaces: 1, handicapSystem: 'one_design', discardThresholds: [3] },
    { id: LASER, name: 'Laser', description: null, scoringSystem: 'high_point', dropRaces: 0, handicapSystem: 'portsmouth_rya', discardThresholds: [] },
  ],
  races: RACES.map((raceId, r) => ({
    id: raceId, fleetId: FLEET, name: r === 2 ? 'Medaillenrennen' : `Race ${r + 1}`, raceNumber: r + 1, scheduledStart: `2026-06-2${r}T10:00:00Z`,
    status: ['finished', 'finished', 'postponed'][r]!, actualStart: r < 2 ? `2026-06-2${r}T10:05:00Z` : null, finishedAt: null,
    courseDescription: r === 0 ? 'Dreieck' : null, courseDistanceNm: r === 0 ? 2.5 : null,
  })),
  documents: [
    { id: id(31), kind: 'amendment', title: 'Änderung Nr. 1', url: null, body: 'Startzeit 11:00.', publishedAt: T },
    { id: id(32), kind: 'notice', title: 'Aushang Steg', url: 'https://kiel.example.org/steg', body: null, publishedAt: null },
  ],
  entries: [
    ...[0, 1, 2, 3].map((i) => ({ id: id(40 + i), fleetId: FLEET, fleetName: 'Optimist', sailorName: sailors[i]!, boatName: boat(i).boatName, sailNumber: boat(i).sailNumber, boatModel: 'Optimist', status: i < 3 ? 'registered' : 'waitlisted', registeredAt: T })),
    { id: id(45), fleetId: LASER, fleetName: 'Laser', sailorName: 'Tim Berg', boatName: 'Sturmvogel', sailNumber: 'GER 7', boatModel: 'ILCA 7', status: 'registered', registeredAt: T },
  ],
  results: [
    ...[0, 1].map((r) => ({
      raceId: RACES[r]!, fleetId: FLEET, raceNumber: r + 1, raceName: r === 1 ? 'Medaillenrennen' : `Race ${r + 1}`, raceStatus: 'finished', actualStart: `2026-06-2${r}T10:05:00Z`, published: r === 0, updatedAt: T,
      results: [0, 1, 2].map((i) => ({ position: i + 1, boatId: BOATS[i]!, boatName: boat(i).boatName, sailNumber: boat(i).sailNumber, sailorName: sailors[i]!, finishTime: null, elapsedSeconds: 2700 + i * 15, correctedSeconds: 2650.4 + i, points: i + 1 + (i === 2 ? 0.5 : 0), status: 'finished', code: i === 2 ? 'SCP' : null })),
    })),
    {
      raceId: id(14), fleetId: LASER, raceNumber: 1, raceName: 'Race 1', raceStatus: 'finished', actualStart: null, published: true, updatedAt: T,
      results: [{ position: 1, boatId: id(25), boatName: 'Sturmvogel', sailNumber: 'GER 7', sailorName: 'Tim Berg', finishTime: null, elapsedSeconds: 3000, correctedSeconds: 2990, points: 1, status: 'finished', code: null }],
    },
  ],
  standings: [{
    fleetId: FLEET, fleetName: 'Optimist', scoringSystem: 'low_point', drops: 1, appliedDrops: 1, boatsInFleet: 3, updatedAt: T,
    entries: [standingEntry(0, 1, [1, 2, 1], 1), standingEntry(1, 2, [2, 1, 1], 0), standingEntry(2, 3, [3, 5, 3], 1)],
  }],
  cases,
  boats: [0, 1, 2, 3].map(boat),
};
const cancelled = { ...event, id: id(5), slug: 'pfingstregatta', name: 'Pfingstregatta', status: 'cancelled', startDate: '2025-05-20T08:00:00Z', endDate: '2025-05-21T18:00:00Z' };
const series: SeriesView = {
  series: { id: id(6), slug: 'ostsee-cup', name: 'Ostsee-Cup', year: 2026, scoringRule: 'sum_of_net', bestOf: 2 },
  events: [{ id: EVENT, slug: event.slug, name: event.name, startDate: event.startDate }, { id: cancelled.id, slug: cancelled.slug, name: cancelled.name, startDate: cancelled.startDate }],
  standings: [0, 1].map((i) => ({
    position: i + 1, fleet: 'Optimist', boatId: BOATS[i]!, boatName: boat(i).boatName, sailNumber: boat(i).sailNumber, sailorName: sailors[i]!, totalPoints: 10.5 + i, netPoints: 7 + i, eventsSailed: 2,
    cells: [{ eventId: EVENT, eventSlug: event.slug, points: 3.5 + i, place: 1, dropped: false, absent: false }, { eventId: cancelled.id, eventSlug: cancelled.slug, points: 7, place: null, dropped: true, absent: i === 1 }],
  })),
  updatedAt: T,
};

/** Every page, in one language. */
function pages(locale: Locale): Record<string, string> {
  const now = new Date('2026-06-21T00:00:00Z');
  return {
    regattas: regattasPage({ q: 'Kiel', ...splitByDate([event, cancelled], now) }, locale),
    regattasEmpty: regattasPage({ q: null, upcoming: [], past: [] }, locale),
    club: clubPage({ organization, ...splitByDate([event, cancelled], now) }, locale),
    clubEmpty: clubPage({ organization, upcoming: [], past: [] }, locale),
    regatta: regattaPage(regattaView(parts), locale),
    regattaEmpty: regattaPage(regattaView({ ...parts, event: { ...cancelled, noticeOfRace: null, sailingInstructions: null }, races: [], documents: [], cases: [] }), locale),
    boardWithoutDecisions: regattaPage(regattaView({ ...parts, cases: [cases[2]!] }), locale),
    entries: entriesPage(entriesView(parts), locale),
    entriesEmpty: entriesPage(entriesView({ ...parts, fleets: [] }), locale),
    results: resultsPage(resultsView(parts), locale),
    resultsEmpty: resultsPage(resultsView({ ...parts, results: [] }), locale),
    standings: standingsPage(standingsView(parts), locale),
    standingsEmpty: standingsPage(standingsView({ ...parts, standings: [] }), locale),
    series: seriesPage(series, locale),
    seriesEmpty: seriesPage({ ...series, standings: [], updatedAt: null }, locale),
    notFound: notFoundPage('Regatta', locale) + notFoundPage('Club', locale) + notFoundPage('Series', locale) + notFoundPage('Regatta page', locale),
    demo: embedDemoPage(locale),
  };
}

const decode = (text: string) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');

/**
 * What a reader sees or hears: the text outside styles and scripts, the labels, titles and
 * placeholders, the messages the scripts show (data attributes) and the comments of the theming
 * example; code (element names, attribute values) and addresses are left out.
 */
function readerText(page: string): string {
  const said = [...page.matchAll(/\s(?:aria-label|title|placeholder|alt|data-[a-z-]+)="([^"]*)"/g)].map((m) => m[1]!);
  const comments = [...page.matchAll(/<pre\b[\s\S]*?<\/pre>/g)].flatMap((pre) => [...pre[0].matchAll(/\/\* ([^*]+) \*\//g)].map((m) => m[1]!));
  const text = page
    .replace(/<(style|script|code)\b[^>]*>[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ');
  return decode([text, ...said, ...comments].join(' \n ')).replace(/\S*\/\S*/g, ' ');
}

/** English words the pages use; none is a German word, so none may appear on a German page. */
const ENGLISH_WORDS = [
  'Regattas', 'Overview', 'Entries', 'entries', 'entry', 'Results', 'results', 'Standings', 'standings', 'Notice board', 'Nothing posted', 'Provisional',
  'provisional', 'Official', 'official', 'last changed', 'Waitlist', 'waitlist', 'Sail number', 'Boat', 'boat', 'Skipper', 'Race', 'race', 'Races',
  'Fleet', 'Fleets', 'Scoring', 'Points', 'points', 'point', 'discard', 'discards', 'discarded', 'tied', 'broken', 'Hearing', 'Hearings', 'Decision',
  'Decisions', 'Sign in', 'Search', 'Upcoming', 'upcoming', 'Recent', 'Past', 'Skip to content', 'Data as JSON', 'updates', 'updated', 'No', 'scheduled',
  'Scheduled', 'started', 'finished', 'postponed', 'Elapsed', 'Corrected', 'Total', 'Net', 'Rank', 'Place', 'Type', 'Course', 'Case', 'Room', 'Parties',
  'Facts found', 'Conclusions', 'Rules', 'Consequences', 'Disqualified', 'Penalty', 'penalty', 'Redress', 'redress', 'Score corrected', 'average',
  'stated', 'added', 'of', 'the', 'and', 'with', 'by', 'on', 'to', 'not', 'Not found', 'All regattas', 'one design', 'low point', 'yacht club',
  'Notice of race', 'Sailing instructions', 'amendment', 'notice', 'Withdrawn', 'Decided', 'Request', 'Protest,', 'committee', 'lodged', 'late',
  'absent', 'best', 'count', 'Events', 'Sum', 'Copy', 'Preview', 'preview', 'Embed token', 'Meaning', 'Theme', 'Default', 'Dark', 'developers',
  'Paste', 'Language', 'snippet', 'your', 'Your', 'site', 'font', 'background', 'nm', 'Live: this', 'reconnecting',
];
const wordPattern = (word: string) => new RegExp(`(?<![\\p{L}\\p{N}_-])${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}_-])`, 'u');

test('a German page has no English word in what a reader sees, and no resource key shows through', () => {
  for (const [name, page] of Object.entries(pages(GERMAN))) {
    const text = readerText(page);
    const found = ENGLISH_WORDS.filter((word) => wordPattern(word).test(text));
    assert.deepEqual(found, [], `${name}: ${found.map((word) => text.match(new RegExp(`.{0,40}${wordPattern(word).source}.{0,40}`, 'u'))?.[0]).join(' | ')}`);
    assert.doesNotMatch(text, /\b(?:site|languages|live|list|club|tabs|regatta|status|columns|entries|results|standings|series|notFound|board|terms|demo)\.[a-z]\w*/, name);
  }
});

test('the English pages do use those words (the check above looks at the right things)', () => {
  const text = Object.values(pages(ENGLISH)).map(readerText).join('\n');
  const missing = ENGLISH_WORDS.filter((word) => !wordPattern(word).test(text));
  assert.deepEqual(missing, []);
});

test('each page says its language, offers the other one and signs in to the console', () => {
  for (const [locale, signIn] of [[ENGLISH, 'Sign in'], [GERMAN, 'Anmelden']] as const) {
    const all = pages(locale);
    for (const [name, page] of Object.entries(all)) {
      assert.match(page, new RegExp(`<html lang="${locale.lang}">`), name);
      assert.match(page, new RegExp(`<a class="signin" href="/console/sign-in[^"]*">${signIn}</a>`), name);
      assert.match(page, /<a href="[^"]*[?;]lang=de" hreflang="de" lang="de"[^>]*>Deutsch<\/a>/, name);
      assert.match(page, /<a href="[^"]*[?;]lang=en" hreflang="en" lang="en"[^>]*>English<\/a>/, name);
    }
    for (const name of ['regatta', 'entries', 'results', 'standings']) {
      assert.ok(all[name]!.includes('<a class="signin" href="/console/sign-in?next=%2Fregattas%2Fkieler-woche">'), `${name}: back to the regatta after sign-in`);
    }
    assert.ok(all['club']!.includes('href="/console/sign-in?next=%2Forgs%2Fkieler-yacht-club"'));
    assert.ok(all['regattas']!.includes('href="/regattas?q=Kiel&amp;lang=de"'), 'the switch keeps the search');
    assert.ok(all['standings']!.includes('href="/regattas/kieler-woche/standings?lang=en" hreflang="en" lang="en"'));
  }
});

test('German pages write dates, times and numbers the German way', () => {
  const german = pages(GERMAN);
  assert.ok(german['regatta']!.includes('20. Juni 2026 – 28. Juni 2026'));
  assert.ok(german['regatta']!.includes('20. Juni 2026, 19:30 UTC'));
  assert.ok(german['regatta']!.includes('Dreieck (2,5 sm)'));
  assert.ok(german['results']!.includes('<td class="num">3,5</td>'));
  assert.ok(german['standings']!.includes('<abbr title="Wettfahrt 1">WF1</abbr>'));
  assert.ok(german['standings']!.includes('<td class="num dropped">(2)</td>'));
  assert.ok(german['series']!.includes('(7 (nicht teilgenommen))'));
  assert.match(german['regatta']!, /Ermessensstrafe \(DPI\): 2,5 Punkte hinzugefügt/);
  assert.match(german['regatta']!, /Ermessensstrafe \(DPI\): 1 Punkt hinzugefügt/);
  assert.match(german['regatta']!, /<strong>Entscheidung: Strafe und Wiedergutmachung und Berichtigung<\/strong>/);
  assert.ok(pages(ENGLISH)['results']!.includes('<td class="num">3.5</td>'));
});

test("the notice board's English words for a decision are the twin's outcome and summary", () => {
  const variants: CaseConsequence[] = [
    ...consequences,
    { boatId: BOATS[0]!, raceId: RACES[0]!, action: 'dpi', points: null, percent: null, method: null, code: null },
    { boatId: BOATS[0]!, raceId: RACES[0]!, action: 'scp', points: null, percent: null, method: null, code: null },
    { boatId: BOATS[0]!, raceId: RACES[0]!, action: 'scp', points: null, percent: 12.5, method: null, code: null },
    { boatId: BOATS[0]!, raceId: RACES[0]!, action: 'rdg', points: null, percent: null, method: 'average_before', code: null },
    { boatId: BOATS[0]!, raceId: RACES[0]!, action: 'rdg', points: null, percent: null, method: 'points', code: null },
    { boatId: BOATS[0]!, raceId: RACES[0]!, action: 'rdg', points: null, percent: null, method: 'something_new', code: null },
    { boatId: BOATS[0]!, raceId: RACES[0]!, action: 'rdg', points: null, percent: null, method: null, code: null },
    { boatId: BOATS[0]!, raceId: RACES[0]!, action: 'correct', points: null, percent: null, method: null, code: null },
    { boatId: BOATS[0]!, raceId: RACES[0]!, action: 'zfp', points: null, percent: null, method: null, code: null },
  ];
  for (const c of variants) assert.equal(consequenceText(c, ENGLISH), consequenceSummary(c), JSON.stringify(c));
  for (const actions of [[], ['dsq'], ['rdg', 'dsq'], ['correct', 'dpi', 'rdg'], ['zfp']]) {
    const list = actions.map((action) => ({ action }));
    assert.equal(decisionOutcome(list, ENGLISH), twinOutcome(list), actions.join(','));
  }
});
