/**
 * The public pages' HTML, one function per page, from the views of domain/public-views.ts, in the
 * reader's language (every word through the Locale; English when none is given).
 */
import type { PublicEntry, PublicEvent, PublicOrganization } from '../domain/model.js';
import type { EntriesView, FleetStatus, RegattaView, ResultsView, StandingsView } from '../domain/public-views.js';
import type { SeriesView } from '../domain/series-view.js';
import { entryAction } from '../domain/entry-action.js';
import { ENGLISH, type Locale } from '../i18n/locale.js';
import { formatDuration } from './html/format.js';
import { html, seg, type Html } from './html/html.js';
import { layout } from './html/layout.js';
import { noticeBoardCases } from './notice-board.views.js';

type Tab = 'overview' | 'entries' | 'results' | 'standings';

/** A regatta's place in the console (its sign-in opens there). */
const consolePath = (event: PublicEvent) => `/regattas/${event.slug}`;

/** A table that scrolls sideways on a phone, named for screen readers. */
const scroll = (locale: Locale, table: Html) => html`<div class="scroll" tabindex="0" role="region" aria-label="${locale.t('site.scrollTable')}">${table}</div>`;

function regattaHeader(event: PublicEvent, current: Tab, locale: Locale): Html {
  const { t } = locale;
  const base = `/regattas/${seg(event.slug)}`;
  const tab = (name: Tab, href: string) => html`<li><a href="${href}"${name === current ? html` aria-current="page"` : ''}>${t(`tabs.${name}`)}</a></li>`;
  return html`<p class="meta">${event.organization ? html`<a href="/clubs/${seg(event.organization.slug)}">${event.organization.name}</a> · ` : ''}${locale.dateRange(event.startDate, event.endDate)}${event.venue ? ` · ${event.venue}` : ''}${event.status === 'cancelled' ? html` · <strong>${t('regatta.cancelled')}</strong>` : ''}</p>
<nav class="tabs" aria-label="${t('tabs.label')}"><ul>${[tab('overview', base), tab('entries', `${base}/entries`), tab('results', `${base}/results`), tab('standings', `${base}/standings`)]}</ul></nav>`;
}

function statusBadge(status: FleetStatus, locale: Locale): Html {
  const { t } = locale;
  if (status.status === 'none') return html`<span class="meta">${t('status.none')}</span>`;
  return html`<span class="badge ${status.status}">${t(`status.${status.status}`)}</span> <span class="meta">${t('status.lastChanged', { time: locale.dateTime(status.lastChangedAt) })}</span>`;
}

function eventCard(event: PublicEvent, locale: Locale): Html {
  return html`<li><a href="/regattas/${seg(event.slug)}"><strong>${event.name}</strong></a><br>
<span class="meta">${locale.dateRange(event.startDate, event.endDate)}${event.venue ? ` · ${event.venue}` : ''}</span><br>
<span class="meta">${event.organization?.name ?? ''}${event.status === 'cancelled' ? ` · ${locale.t('list.cancelled')}` : ''}</span></li>`;
}

function eventList(title: string, events: PublicEvent[], empty: string, locale: Locale): Html {
  return html`<h2>${title}</h2>${events.length > 0 ? html`<ul class="cards">${events.map((event) => eventCard(event, locale))}</ul>` : html`<p class="meta">${empty}</p>`}`;
}

export function regattasPage(view: { q: string | null; upcoming: PublicEvent[]; past: PublicEvent[] }, locale: Locale = ENGLISH): string {
  const { t } = locale;
  return layout(
    {
      title: view.q ? t('list.titleMatching', { q: view.q }) : t('list.title'),
      path: '/regattas',
      ...(view.q ? { query: { q: view.q } } : {}),
      body: html`<h1>${t('list.title')}</h1>
<form class="search" role="search" action="/regattas" method="get">
<label for="q" class="skip">${t('list.searchLabel')}</label>
<input id="q" name="q" type="search" value="${view.q ?? ''}" placeholder="${t('list.searchPlaceholder')}" aria-label="${t('list.searchLabel')}">
<button type="submit">${t('list.search')}</button></form>
${eventList(t('list.upcoming'), view.upcoming, t('list.noUpcoming'), locale)}
${eventList(t('list.recent'), view.past, t('list.noRecent'), locale)}`,
    },
    locale,
  );
}

export function clubPage(view: { organization: PublicOrganization; upcoming: PublicEvent[]; past: PublicEvent[] }, locale: Locale = ENGLISH): string {
  const { t } = locale;
  const org = view.organization;
  return layout(
    {
      title: org.name,
      path: `/clubs/${seg(org.slug)}`,
      signInNext: `/orgs/${org.slug}`,
      body: html`<h1>${org.name}</h1>
<p class="meta">${locale.term('organizationType', org.type)}${org.city ? ` · ${org.city}` : ''}${org.country ? `, ${org.country}` : ''}${org.website ? html` · <a href="${org.website}" rel="nofollow noopener">${org.website}</a>` : ''}</p>
${org.description ? html`<p>${org.description}</p>` : ''}
${eventList(t('club.upcoming'), view.upcoming, t('club.noUpcoming'), locale)}
${eventList(t('club.past'), view.past, t('club.noPast'), locale)}`,
    },
    locale,
  );
}

function noticeBoard(view: RegattaView, locale: Locale): Html {
  const { t } = locale;
  const event = view.event;
  if (view.documents.length === 0 && !event.noticeOfRace && !event.sailingInstructions) return view.cases.length === 0 ? html`<p class="meta">${t('regatta.nothingPosted')}</p>` : html``;
  return html`<ul>${event.noticeOfRace ? html`<li>${linkOrText(t('regatta.noticeOfRace'), event.noticeOfRace)}</li>` : ''}${event.sailingInstructions ? html`<li>${linkOrText(t('regatta.sailingInstructions'), event.sailingInstructions)}</li>` : ''}${view.documents.map(
    (doc) =>
      html`<li>${doc.url ? html`<a href="${doc.url}">${doc.title}</a>` : html`<strong>${doc.title}</strong>`} <span class="meta">(${locale.term('documentKind', doc.kind)}${doc.publishedAt ? `, ${locale.dateTime(doc.publishedAt)}` : ''})</span>${doc.body ? html`<p>${doc.body}</p>` : ''}</li>`,
  )}</ul>`;
}

function raceSchedule(view: RegattaView, locale: Locale): Html {
  const { t } = locale;
  if (view.schedule.length === 0) return html`<p class="meta">${t('regatta.noRaces')}</p>`;
  return scroll(
    locale,
    html`<table><caption>${t('regatta.racesCaption')}</caption><thead><tr><th scope="col" class="num">${t('regatta.race')}</th><th scope="col">${t('regatta.fleet')}</th><th scope="col">${t('regatta.scheduledStart')}</th><th scope="col">${t('regatta.status')}</th><th scope="col">${t('regatta.course')}</th></tr></thead>
<tbody>${view.schedule.map(
      (race) =>
        html`<tr><td class="num">${race.raceNumber}</td><td>${race.fleetName}</td><td>${locale.dateTime(race.scheduledStart)}</td><td>${locale.term('raceStatus', race.status)}${race.actualStart ? html` <span class="meta">(${t('regatta.started', { time: locale.dateTime(race.actualStart) })})</span>` : ''}</td><td>${race.courseDescription ?? ''}${race.courseDistanceNm ? ` (${t('regatta.distance', { distance: locale.number(race.courseDistanceNm) })})` : ''}</td></tr>`,
    )}</tbody></table>`,
  );
}

export function regattaPage(view: RegattaView, locale: Locale = ENGLISH): string {
  const { t } = locale;
  const event = view.event;
  return layout(
    {
      title: event.name,
      path: `/regattas/${seg(event.slug)}`,
      signInNext: consolePath(event),
      liveSlug: event.slug,
      body: html`<h1>${event.name}</h1>${regattaHeader(event, 'overview', locale)}
${event.description ? html`<p>${event.description}</p>` : ''}
${enterSection(view, locale)}
<h2>${t('regatta.fleets')}</h2>
${scroll(
  locale,
  html`<table><caption>${t('regatta.fleetsCaption')}</caption>
<thead><tr><th scope="col">${t('regatta.fleet')}</th><th scope="col">${t('regatta.scoring')}</th><th scope="col">${t('regatta.handicap')}</th><th scope="col" class="num">${t('regatta.entries')}</th><th scope="col" class="num">${t('regatta.waitlist')}</th><th scope="col">${t('regatta.results')}</th></tr></thead>
<tbody>${view.fleets.map(
    (fleet) =>
      html`<tr><th scope="row">${fleet.name}</th><td>${locale.term('scoringSystem', fleet.scoringSystem)}${fleet.dropRaces ? `, ${t('regatta.discards', { count: fleet.dropRaces })}` : ''}</td><td>${locale.term('handicapSystem', fleet.handicapSystem)}</td><td class="num">${fleet.registered}</td><td class="num">${fleet.waitlisted}</td><td>${statusBadge(fleet, locale)}</td></tr>`,
  )}</tbody></table>`,
)}
<h2>${t('regatta.noticeBoard')}</h2>
${noticeBoard(view, locale)}
${noticeBoardCases(view.cases, locale)}
<h2>${t('regatta.schedule')}</h2>
${raceSchedule(view, locale)}`,
    },
    locale,
  );
}

/** The "Enter" action: a link into the console's entry form while entries are open (or to the waitlist), else why not. */
function enterSection(view: RegattaView, locale: Locale): Html {
  const { t } = locale;
  const registered = view.fleets.reduce((sum, fleet) => sum + fleet.registered, 0);
  const action = entryAction(view.event, registered, new Date(), view.fleets);
  if (action.state === 'none') return html``;
  const link = (label: string) => html`<p><a class="button" href="/console/enter/${seg(view.event.slug)}">${label}</a></p><p class="meta">${t('enter.signInNote')}</p>`;
  const body =
    action.state === 'open'
      ? html`<p>${t('enter.open')}${action.closes ? ` ${t('enter.closes', { time: locale.dateTime(action.closes) })}` : ''}</p>${link(t('enter.enter'))}`
      : action.state === 'full'
        ? html`<p>${t('enter.full')}${action.closes ? ` ${t('enter.closes', { time: locale.dateTime(action.closes) })}` : ''}</p>${link(t('enter.joinWaitlist'))}`
        : action.state === 'not_yet_open'
          ? html`<p>${t('enter.notYetOpen', { time: locale.dateTime(action.opens) })}</p>`
          : html`<p>${t('enter.closed')}</p>`;
  const places = action.state === 'open' || action.state === 'full' ? fleetPlacesList(view, locale) : html``;
  return html`<section aria-labelledby="enter-title"><h2 id="enter-title">${t('enter.title')}</h2>${body}${places}</section>`;
}

/** Per fleet: "Laser: 2 places left", "ILCA 6: full, waitlist open", or "Optimist: places open" (no limit). */
function fleetPlacesList(view: RegattaView, { t }: Locale): Html {
  if (view.fleets.length === 0) return html``;
  const line = (fleet: RegattaView['fleets'][number]) =>
    fleet.availability === 'waitlist'
      ? t('enter.fleetFull', { fleet: fleet.name })
      : fleet.placesLeft === null
        ? t('enter.fleetOpen', { fleet: fleet.name })
        : t('enter.placesLeft', { fleet: fleet.name, count: fleet.placesLeft });
  return html`<h3 id="enter-places">${t('enter.placesTitle')}</h3><ul aria-labelledby="enter-places">${view.fleets.map((fleet) => html`<li>${line(fleet)}</li>`)}</ul>`;
}

function linkOrText(label: string, value: string): Html {
  return /^https?:\/\//.test(value) ? html`<a href="${value}">${label}</a>` : html`<strong>${label}:</strong> ${value}`;
}

function entryRows(entries: PublicEntry[]): Html {
  return html`${entries.map((entry, i) => html`<tr><td class="num">${i + 1}</td><td>${entry.sailNumber ?? ''}</td><td>${entry.boatName}</td><td>${entry.boatModel ?? ''}</td><td>${entry.sailorName ?? ''}</td></tr>`)}`;
}

const entryHead = ({ t }: Locale) =>
  html`<thead><tr><th scope="col" class="num">${t('columns.number')}</th><th scope="col">${t('columns.sailNumber')}</th><th scope="col">${t('columns.boat')}</th><th scope="col">${t('columns.boatType')}</th><th scope="col">${t('columns.skipper')}</th></tr></thead>`;

export function entriesPage(view: EntriesView, locale: Locale = ENGLISH): string {
  const { t } = locale;
  const event = view.event;
  return layout(
    {
      title: t('entries.title', { name: event.name }),
      path: `/regattas/${seg(event.slug)}/entries`,
      signInNext: consolePath(event),
      liveSlug: event.slug,
      body: html`<h1>${t('entries.heading', { name: event.name })}</h1>${regattaHeader(event, 'entries', locale)}
${view.fleets.length === 0 ? html`<p class="meta">${t('entries.noFleets')}</p>` : ''}
${view.fleets.map(
  (fleet) => html`<section class="fleet" aria-labelledby="f-${fleet.id}"><h2 id="f-${fleet.id}">${fleet.name}</h2>
${scroll(locale, html`<table><caption>${t('entries.caption', { fleet: fleet.name, count: fleet.entries.length })}</caption>${entryHead(locale)}<tbody>${entryRows(fleet.entries)}</tbody></table>`)}
${fleet.waitlist.length > 0 ? scroll(locale, html`<table><caption>${t('entries.waitlistCaption', { fleet: fleet.name, count: fleet.waitlist.length })}</caption>${entryHead(locale)}<tbody>${entryRows(fleet.waitlist)}</tbody></table>`) : ''}
</section>`,
)}`,
    },
    locale,
  );
}

type ResultsFleet = ResultsView['fleets'][number];

function raceCaption(fleet: ResultsFleet, race: ResultsFleet['races'][number], locale: Locale): string {
  const { t } = locale;
  const named = race.raceName && race.raceName !== `Race ${race.raceNumber}` ? t('results.raceName', { name: race.raceName }) : '';
  const status = t('results.captionStatus', { status: t(race.published ? 'status.officialInline' : 'status.provisionalInline') });
  const started = race.actualStart ? t('results.captionStarted', { time: locale.dateTime(race.actualStart) }) : '';
  return `${t('results.caption', { fleet: fleet.name, number: race.raceNumber })}${named}${status}${started}`;
}

export function resultsPage(view: ResultsView, locale: Locale = ENGLISH): string {
  const { t } = locale;
  const event = view.event;
  return layout(
    {
      title: t('results.title', { name: event.name }),
      path: `/regattas/${seg(event.slug)}/results`,
      signInNext: consolePath(event),
      liveSlug: event.slug,
      body: html`<h1>${t('results.heading', { name: event.name })}</h1>${regattaHeader(event, 'results', locale)}
${view.fleets.map(
  (fleet) => html`<section class="fleet" aria-labelledby="r-${fleet.id}"><h2 id="r-${fleet.id}">${fleet.name}</h2><p>${statusBadge(fleet, locale)}</p>
${fleet.races.length === 0 ? html`<p class="meta">${t('results.none')}</p>` : ''}
${fleet.races.map((race) =>
  scroll(
    locale,
    html`<table><caption>${raceCaption(fleet, race, locale)}</caption>
<thead><tr><th scope="col" class="num">${t('columns.place')}</th><th scope="col">${t('columns.sailNumber')}</th><th scope="col">${t('columns.boat')}</th><th scope="col">${t('columns.skipper')}</th><th scope="col" class="num">${t('columns.elapsed')}</th><th scope="col" class="num">${t('columns.corrected')}</th><th scope="col" class="num">${t('columns.points')}</th><th scope="col">${t('columns.code')}</th></tr></thead>
<tbody>${race.results.map(
      (r) =>
        html`<tr><td class="num">${r.position ?? ''}</td><td>${r.sailNumber ?? ''}</td><td>${r.boatName}</td><td>${r.sailorName ?? ''}</td><td class="num">${formatDuration(r.elapsedSeconds)}</td><td class="num">${formatDuration(r.correctedSeconds)}</td><td class="num">${locale.points(r.points)}</td><td>${r.code ?? ''}</td></tr>`,
    )}</tbody></table>`,
  ),
)}</section>`,
)}`,
    },
    locale,
  );
}

type StandingsFleet = StandingsView['fleets'][number];

function tieText(tie: NonNullable<StandingsFleet['entries'][number]['tie']>, { t }: Locale): string {
  return t('standings.tiedWith', { boats: tie.tiedWith.join(', '), how: tie.rule === 'unbroken' ? t('standings.tieStands') : t('standings.brokenBy', { rule: tie.rule }) });
}

function standingsTable(fleet: StandingsFleet, hasTies: boolean, locale: Locale): Html {
  const { t } = locale;
  return scroll(
    locale,
    html`<table><caption>${t('standings.caption', { fleet: fleet.name, status: t(fleet.status === 'official' ? 'status.officialInline' : 'status.provisionalInline') })}</caption>
<thead><tr><th scope="col" class="num">${t('columns.rank')}</th><th scope="col">${t('columns.sailNumber')}</th><th scope="col">${t('columns.boat')}</th><th scope="col">${t('columns.skipper')}</th>${fleet.raceNumbers.map((n) => html`<th scope="col" class="num"><abbr title="${t('columns.raceLong', { number: n })}">${t('columns.raceShort', { number: n })}</abbr></th>`)}<th scope="col" class="num">${t('columns.total')}</th><th scope="col" class="num">${t('columns.net')}</th>${hasTies ? html`<th scope="col">${t('columns.tieBreak')}</th>` : ''}</tr></thead>
<tbody>${fleet.entries.map((entry) => {
      const byRace = new Map(entry.raceResults.map((r) => [r.raceNumber, r] as const));
      return html`<tr><td class="num">${entry.position}</td><td>${entry.sailNumber ?? ''}</td><td>${entry.boatName}</td><td>${entry.sailorName ?? ''}</td>${fleet.raceNumbers.map((n) => {
        const race = byRace.get(n);
        if (!race) return html`<td class="num"></td>`;
        const score = `${race.code ? `${race.code} ` : ''}${locale.points(race.points)}`;
        return race.dropped ? html`<td class="num dropped">(${score})</td>` : html`<td class="num">${score}</td>`;
      })}<td class="num">${locale.points(entry.totalPoints)}</td><td class="num"><strong>${locale.points(entry.netPoints)}</strong></td>${hasTies ? html`<td>${entry.tie ? tieText(entry.tie, locale) : ''}</td>` : ''}</tr>`;
    })}</tbody></table>`,
  );
}

export function standingsPage(view: StandingsView, locale: Locale = ENGLISH): string {
  const { t } = locale;
  const event = view.event;
  return layout(
    {
      title: t('standings.title', { name: event.name }),
      path: `/regattas/${seg(event.slug)}/standings`,
      signInNext: consolePath(event),
      liveSlug: event.slug,
      body: html`<h1>${t('standings.heading', { name: event.name })}</h1>${regattaHeader(event, 'standings', locale)}
${view.fleets.map((fleet) => {
  const hasTies = fleet.entries.some((e) => e.tie);
  return html`<section class="fleet" aria-labelledby="s-${fleet.id}"><h2 id="s-${fleet.id}">${fleet.name}</h2>
<p>${statusBadge(fleet, locale)} <span class="meta">· ${locale.term('scoringSystem', fleet.scoringSystem)}, ${t('standings.discardsApplied', { applied: fleet.appliedDrops, count: fleet.drops })}; ${t('standings.bracketsNote')}</span></p>
${fleet.entries.length === 0 ? html`<p class="meta">${t('standings.none')}</p>` : standingsTable(fleet, hasTies, locale)}
${hasTies ? html`<p class="meta">${t('standings.tiesNote')}</p>` : ''}
</section>`;
})}`,
    },
    locale,
  );
}

export function seriesPage(view: SeriesView, locale: Locale = ENGLISH): string {
  const { t } = locale;
  const fleets = [...new Set(view.standings.map((s) => s.fleet))];
  return layout(
    {
      title: `${view.series.name} ${view.series.year}`,
      path: `/series/${seg(view.series.slug)}`,
      body: html`<h1>${view.series.name} ${view.series.year}</h1>
<p class="meta">${view.series.scoringRule === 'event_places' ? t('series.eventPlaces') : t('series.sumOfNet')}${view.series.bestOf ? t('series.bestOf', { count: view.series.bestOf }) : ''}${view.updatedAt ? t('series.lastChanged', { time: locale.dateTime(view.updatedAt) }) : ''}</p>
<h2>${t('series.events')}</h2><ul>${view.events.map((e) => html`<li><a href="/regattas/${seg(e.slug)}">${e.name}</a> <span class="meta">${locale.date(e.startDate)}</span></li>`)}</ul>
${view.standings.length === 0 ? html`<p class="meta">${t('series.none')}</p>` : ''}
${fleets.map((fleet) => {
  const rows = view.standings.filter((s) => s.fleet === fleet);
  return html`<section class="fleet"><h2>${fleet}</h2>${scroll(
    locale,
    html`<table><caption>${t('series.caption', { series: view.series.name, fleet })}</caption>
<thead><tr><th scope="col" class="num">${t('columns.rank')}</th><th scope="col">${t('columns.sailNumber')}</th><th scope="col">${t('columns.boat')}</th><th scope="col">${t('columns.skipper')}</th>${view.events.map((e) => html`<th scope="col" class="num">${e.name}</th>`)}<th scope="col" class="num">${t('columns.total')}</th><th scope="col" class="num">${t('columns.net')}</th></tr></thead>
<tbody>${rows.map((row) => {
      const cells = new Map(row.cells.map((c) => [c.eventId, c] as const));
      return html`<tr><td class="num">${row.position}</td><td>${row.sailNumber ?? ''}</td><td>${row.boatName}</td><td>${row.sailorName ?? ''}</td>${view.events.map((e) => {
        const cell = cells.get(e.id);
        if (!cell) return html`<td class="num"></td>`;
        const text = `${locale.points(cell.points)}${cell.absent ? ` ${t('series.absent')}` : ''}`;
        return cell.dropped ? html`<td class="num dropped">(${text})</td>` : html`<td class="num">${text}</td>`;
      })}<td class="num">${locale.points(row.totalPoints)}</td><td class="num"><strong>${locale.points(row.netPoints)}</strong></td></tr>`;
    })}</tbody></table>`,
  )}</section>`;
})}`,
    },
    locale,
  );
}

/** What a 404 page names (the routes' "what"): each its own sentence, as languages build them differently. */
const NOT_FOUND = { Regatta: 'notFound.regatta', Club: 'notFound.club', Series: 'notFound.series' } as const;

export function notFoundPage(what: string, locale: Locale = ENGLISH): string {
  const { t } = locale;
  const sentence = t(NOT_FOUND[what as keyof typeof NOT_FOUND] ?? 'notFound.page');
  return layout({ title: t('notFound.title'), path: '/regattas', body: html`<h1>${t('notFound.title')}</h1><p>${sentence}</p><p><a href="/regattas">${t('site.allRegattas')}</a></p>` }, locale);
}
