/** The public pages' HTML, one function per page, from the views of domain/public-views.ts. */
import type { PublicEntry, PublicEvent, PublicOrganization } from '../domain/model.js';
import type { EntriesView, FleetStatus, RegattaView, ResultsView, StandingsView } from '../domain/public-views.js';
import type { SeriesView } from '../domain/series-view.js';
import { documentKind, formatDate, formatDateRange, formatDateTime, formatDuration, formatPoints, humanize } from './html/format.js';
import { html, seg, type Html } from './html/html.js';
import { layout } from './html/layout.js';
import { noticeBoardCases } from './notice-board.views.js';

type Tab = 'overview' | 'entries' | 'results' | 'standings';

function regattaHeader(event: PublicEvent, current: Tab): Html {
  const base = `/regattas/${seg(event.slug)}`;
  const tab = (name: Tab, label: string, href: string) =>
    html`<li><a href="${href}"${name === current ? html` aria-current="page"` : ''}>${label}</a></li>`;
  return html`<p class="meta">${event.organization ? html`<a href="/clubs/${seg(event.organization.slug)}">${event.organization.name}</a> · ` : ''}${formatDateRange(event.startDate, event.endDate)}${event.venue ? ` · ${event.venue}` : ''}${event.status === 'cancelled' ? html` · <strong>Cancelled</strong>` : ''}</p>
<nav class="tabs" aria-label="Regatta"><ul>${[
    tab('overview', 'Overview', base),
    tab('entries', 'Entries', `${base}/entries`),
    tab('results', 'Results', `${base}/results`),
    tab('standings', 'Standings', `${base}/standings`),
  ]}</ul></nav>`;
}

function statusBadge(status: FleetStatus): Html {
  if (status.status === 'none') return html`<span class="meta">No results yet</span>`;
  const label = status.status === 'official' ? 'Official' : 'Provisional';
  return html`<span class="badge ${status.status}">${label}</span> <span class="meta">last changed ${formatDateTime(status.lastChangedAt)}</span>`;
}

function eventCard(event: PublicEvent): Html {
  return html`<li><a href="/regattas/${seg(event.slug)}"><strong>${event.name}</strong></a><br>
<span class="meta">${formatDateRange(event.startDate, event.endDate)}${event.venue ? ` · ${event.venue}` : ''}</span><br>
<span class="meta">${event.organization?.name ?? ''}${event.status === 'cancelled' ? ' · cancelled' : ''}</span></li>`;
}

function eventList(title: string, events: PublicEvent[], empty: string): Html {
  return html`<h2>${title}</h2>${events.length > 0 ? html`<ul class="cards">${events.map(eventCard)}</ul>` : html`<p class="meta">${empty}</p>`}`;
}

export function regattasPage(view: { q: string | null; upcoming: PublicEvent[]; past: PublicEvent[] }): string {
  return layout({
    title: view.q ? `Regattas matching “${view.q}”` : 'Regattas',
    path: '/regattas',
    body: html`<h1>Regattas</h1>
<form class="search" role="search" action="/regattas" method="get">
<label for="q" class="skip">Search regattas by name, venue or club</label>
<input id="q" name="q" type="search" value="${view.q ?? ''}" placeholder="Search by name, venue or club" aria-label="Search regattas by name, venue or club">
<button type="submit">Search</button></form>
${eventList('Upcoming and ongoing', view.upcoming, 'No upcoming regattas.')}
${eventList('Recent', view.past, 'No recent regattas.')}`,
  });
}

export function clubPage(view: { organization: PublicOrganization; upcoming: PublicEvent[]; past: PublicEvent[] }): string {
  const org = view.organization;
  return layout({
    title: org.name,
    path: `/clubs/${seg(org.slug)}`,
    body: html`<h1>${org.name}</h1>
<p class="meta">${humanize(org.type)}${org.city ? ` · ${org.city}` : ''}${org.country ? `, ${org.country}` : ''}${org.website ? html` · <a href="${org.website}" rel="nofollow noopener">${org.website}</a>` : ''}</p>
${org.description ? html`<p>${org.description}</p>` : ''}
${eventList('Upcoming regattas', view.upcoming, 'No upcoming regattas.')}
${eventList('Past regattas', view.past, 'No past regattas.')}`,
  });
}

export function regattaPage(view: RegattaView): string {
  const event = view.event;
  return layout({
    title: event.name,
    path: `/regattas/${seg(event.slug)}`,
    liveSlug: event.slug,
    body: html`<h1>${event.name}</h1>${regattaHeader(event, 'overview')}
${event.description ? html`<p>${event.description}</p>` : ''}
<h2>Fleets</h2>
<div class="scroll" tabindex="0" role="region" aria-label="Table (scrolls sideways on small screens)"><table><caption>Fleets and their results</caption>
<thead><tr><th scope="col">Fleet</th><th scope="col">Scoring</th><th scope="col">Handicap</th><th scope="col" class="num">Entries</th><th scope="col" class="num">Waitlist</th><th scope="col">Results</th></tr></thead>
<tbody>${view.fleets.map(
      (fleet) =>
        html`<tr><th scope="row">${fleet.name}</th><td>${humanize(fleet.scoringSystem)}${fleet.dropRaces ? `, ${fleet.dropRaces} discard${fleet.dropRaces === 1 ? '' : 's'}` : ''}</td><td>${humanize(fleet.handicapSystem)}</td><td class="num">${fleet.registered}</td><td class="num">${fleet.waitlisted}</td><td>${statusBadge(fleet)}</td></tr>`,
    )}</tbody></table></div>
<h2>Notice board</h2>
${
  view.documents.length === 0 && !event.noticeOfRace && !event.sailingInstructions
    ? view.cases.length === 0 ? html`<p class="meta">Nothing posted yet.</p>` : ''
    : html`<ul>${event.noticeOfRace ? html`<li>${linkOrText('Notice of race', event.noticeOfRace)}</li>` : ''}${event.sailingInstructions ? html`<li>${linkOrText('Sailing instructions', event.sailingInstructions)}</li>` : ''}${view.documents.map(
        (doc) =>
          html`<li>${doc.url ? html`<a href="${doc.url}">${doc.title}</a>` : html`<strong>${doc.title}</strong>`} <span class="meta">(${documentKind(doc.kind)}${doc.publishedAt ? `, ${formatDateTime(doc.publishedAt)}` : ''})</span>${doc.body ? html`<p>${doc.body}</p>` : ''}</li>`,
      )}</ul>`
}
${noticeBoardCases(view.cases)}
<h2>Race schedule</h2>
${
  view.schedule.length === 0
    ? html`<p class="meta">No races scheduled yet.</p>`
    : html`<div class="scroll" tabindex="0" role="region" aria-label="Table (scrolls sideways on small screens)"><table><caption>Races</caption><thead><tr><th scope="col" class="num">Race</th><th scope="col">Fleet</th><th scope="col">Scheduled start</th><th scope="col">Status</th><th scope="col">Course</th></tr></thead>
<tbody>${view.schedule.map(
        (race) =>
          html`<tr><td class="num">${race.raceNumber}</td><td>${race.fleetName}</td><td>${formatDateTime(race.scheduledStart)}</td><td>${humanize(race.status)}${race.actualStart ? html` <span class="meta">(started ${formatDateTime(race.actualStart)})</span>` : ''}</td><td>${race.courseDescription ?? ''}${race.courseDistanceNm ? ` (${race.courseDistanceNm} nm)` : ''}</td></tr>`,
      )}</tbody></table></div>`
}`,
  });
}

function linkOrText(label: string, value: string): Html {
  return /^https?:\/\//.test(value) ? html`<a href="${value}">${label}</a>` : html`<strong>${label}:</strong> ${value}`;
}

function entryRows(entries: PublicEntry[]): Html {
  return html`${entries.map((entry, i) => html`<tr><td class="num">${i + 1}</td><td>${entry.sailNumber ?? ''}</td><td>${entry.boatName}</td><td>${entry.boatModel ?? ''}</td><td>${entry.sailorName ?? ''}</td></tr>`)}`;
}

const entryHead = html`<thead><tr><th scope="col" class="num">#</th><th scope="col">Sail number</th><th scope="col">Boat</th><th scope="col">Type</th><th scope="col">Skipper</th></tr></thead>`;

export function entriesPage(view: EntriesView): string {
  const event = view.event;
  return layout({
    title: `Entries · ${event.name}`,
    path: `/regattas/${seg(event.slug)}/entries`,
    liveSlug: event.slug,
    body: html`<h1>${event.name}: entries</h1>${regattaHeader(event, 'entries')}
${view.fleets.length === 0 ? html`<p class="meta">No fleets yet.</p>` : ''}
${view.fleets.map(
  (fleet) => html`<section class="fleet" aria-labelledby="f-${fleet.id}"><h2 id="f-${fleet.id}">${fleet.name}</h2>
<div class="scroll" tabindex="0" role="region" aria-label="Table (scrolls sideways on small screens)"><table><caption>${fleet.name}: ${fleet.entries.length} entr${fleet.entries.length === 1 ? 'y' : 'ies'}</caption>${entryHead}<tbody>${entryRows(fleet.entries)}</tbody></table></div>
${fleet.waitlist.length > 0 ? html`<div class="scroll" tabindex="0" role="region" aria-label="Table (scrolls sideways on small screens)"><table><caption>${fleet.name}: waitlist (${fleet.waitlist.length}, in order of places offered)</caption>${entryHead}<tbody>${entryRows(fleet.waitlist)}</tbody></table></div>` : ''}
</section>`,
)}`,
  });
}

export function resultsPage(view: ResultsView): string {
  const event = view.event;
  return layout({
    title: `Results · ${event.name}`,
    path: `/regattas/${seg(event.slug)}/results`,
    liveSlug: event.slug,
    body: html`<h1>${event.name}: results</h1>${regattaHeader(event, 'results')}
${view.fleets.map(
  (fleet) => html`<section class="fleet" aria-labelledby="r-${fleet.id}"><h2 id="r-${fleet.id}">${fleet.name}</h2><p>${statusBadge(fleet)}</p>
${fleet.races.length === 0 ? html`<p class="meta">No results yet.</p>` : ''}
${fleet.races.map(
  (race) => html`<div class="scroll" tabindex="0" role="region" aria-label="Table (scrolls sideways on small screens)"><table><caption>${fleet.name}, race ${race.raceNumber}${race.raceName && race.raceName !== `Race ${race.raceNumber}` ? ` (${race.raceName})` : ''}: ${race.published ? 'official' : 'provisional'}${race.actualStart ? `, started ${formatDateTime(race.actualStart)}` : ''}</caption>
<thead><tr><th scope="col" class="num">Place</th><th scope="col">Sail number</th><th scope="col">Boat</th><th scope="col">Skipper</th><th scope="col" class="num">Elapsed</th><th scope="col" class="num">Corrected</th><th scope="col" class="num">Points</th><th scope="col">Code</th></tr></thead>
<tbody>${race.results.map(
    (r) =>
      html`<tr><td class="num">${r.position ?? ''}</td><td>${r.sailNumber ?? ''}</td><td>${r.boatName}</td><td>${r.sailorName ?? ''}</td><td class="num">${formatDuration(r.elapsedSeconds)}</td><td class="num">${formatDuration(r.correctedSeconds)}</td><td class="num">${formatPoints(r.points)}</td><td>${r.code ?? ''}</td></tr>`,
  )}</tbody></table></div>`,
)}</section>`,
)}`,
  });
}

export function standingsPage(view: StandingsView): string {
  const event = view.event;
  return layout({
    title: `Standings · ${event.name}`,
    path: `/regattas/${seg(event.slug)}/standings`,
    liveSlug: event.slug,
    body: html`<h1>${event.name}: standings</h1>${regattaHeader(event, 'standings')}
${view.fleets.map((fleet) => {
  const hasTies = fleet.entries.some((e) => e.tie);
  return html`<section class="fleet" aria-labelledby="s-${fleet.id}"><h2 id="s-${fleet.id}">${fleet.name}</h2>
<p>${statusBadge(fleet)} <span class="meta">· ${humanize(fleet.scoringSystem)}, ${fleet.appliedDrops} of ${fleet.drops} discard${fleet.drops === 1 ? '' : 's'} applied; discarded scores in brackets</span></p>
${
  fleet.entries.length === 0
    ? html`<p class="meta">No standings yet.</p>`
    : html`<div class="scroll" tabindex="0" role="region" aria-label="Table (scrolls sideways on small screens)"><table><caption>${fleet.name} standings: ${fleet.status === 'official' ? 'official' : 'provisional'}</caption>
<thead><tr><th scope="col" class="num">Rank</th><th scope="col">Sail number</th><th scope="col">Boat</th><th scope="col">Skipper</th>${fleet.raceNumbers.map((n) => html`<th scope="col" class="num"><abbr title="Race ${n}">R${n}</abbr></th>`)}<th scope="col" class="num">Total</th><th scope="col" class="num">Net</th>${hasTies ? html`<th scope="col">Tie-break</th>` : ''}</tr></thead>
<tbody>${fleet.entries.map((entry) => {
        const byRace = new Map(entry.raceResults.map((r) => [r.raceNumber, r] as const));
        return html`<tr><td class="num">${entry.position}</td><td>${entry.sailNumber ?? ''}</td><td>${entry.boatName}</td><td>${entry.sailorName ?? ''}</td>${fleet.raceNumbers.map((n) => {
          const race = byRace.get(n);
          if (!race) return html`<td class="num"></td>`;
          const score = `${race.code ? `${race.code} ` : ''}${formatPoints(race.points)}`;
          return race.dropped ? html`<td class="num dropped">(${score})</td>` : html`<td class="num">${score}</td>`;
        })}<td class="num">${formatPoints(entry.totalPoints)}</td><td class="num"><strong>${formatPoints(entry.netPoints)}</strong></td>${
          hasTies ? html`<td>${entry.tie ? `tied with ${entry.tie.tiedWith.join(', ')}; ${entry.tie.rule === 'unbroken' ? 'tie stands' : `broken by ${entry.tie.rule}`}` : ''}</td>` : ''
        }</tr>`;
      })}</tbody></table></div>`
}
${hasTies ? html`<p class="meta">Ties on net points are broken by RRS A8.1 (best scores, discards excluded), then A8.2 (last race first).</p>` : ''}
</section>`;
})}`,
  });
}

export function seriesPage(view: SeriesView): string {
  const fleets = [...new Set(view.standings.map((s) => s.fleet))];
  return layout({
    title: `${view.series.name} ${view.series.year}`,
    path: `/series/${seg(view.series.slug)}`,
    body: html`<h1>${view.series.name} ${view.series.year}</h1>
<p class="meta">${view.series.scoringRule === 'event_places' ? 'Scored on event places' : 'Sum of event net points'}${view.series.bestOf ? `, best ${view.series.bestOf} count` : ''}${view.updatedAt ? ` · last changed ${formatDateTime(view.updatedAt)}` : ''}</p>
<h2>Events</h2><ul>${view.events.map((e) => html`<li><a href="/regattas/${seg(e.slug)}">${e.name}</a> <span class="meta">${formatDate(e.startDate)}</span></li>`)}</ul>
${view.standings.length === 0 ? html`<p class="meta">No series standings yet.</p>` : ''}
${fleets.map((fleet) => {
  const rows = view.standings.filter((s) => s.fleet === fleet);
  return html`<section class="fleet"><h2>${fleet}</h2><div class="scroll" tabindex="0" role="region" aria-label="Table (scrolls sideways on small screens)"><table><caption>${view.series.name}: ${fleet}</caption>
<thead><tr><th scope="col" class="num">Rank</th><th scope="col">Sail number</th><th scope="col">Boat</th><th scope="col">Skipper</th>${view.events.map((e) => html`<th scope="col" class="num">${e.name}</th>`)}<th scope="col" class="num">Total</th><th scope="col" class="num">Net</th></tr></thead>
<tbody>${rows.map((row) => {
    const cells = new Map(row.cells.map((c) => [c.eventId, c] as const));
    return html`<tr><td class="num">${row.position}</td><td>${row.sailNumber ?? ''}</td><td>${row.boatName}</td><td>${row.sailorName ?? ''}</td>${view.events.map((e) => {
      const cell = cells.get(e.id);
      if (!cell) return html`<td class="num"></td>`;
      const text = `${formatPoints(cell.points)}${cell.absent ? ' (absent)' : ''}`;
      return cell.dropped ? html`<td class="num dropped">(${text})</td>` : html`<td class="num">${text}</td>`;
    })}<td class="num">${formatPoints(row.totalPoints)}</td><td class="num"><strong>${formatPoints(row.netPoints)}</strong></td></tr>`;
  })}</tbody></table></div></section>`;
})}`,
  });
}

export function notFoundPage(what: string): string {
  return layout({ title: 'Not found', path: '/regattas', body: html`<h1>Not found</h1><p>${what} was not found or is not public.</p><p><a href="/regattas">All regattas</a></p>` });
}
