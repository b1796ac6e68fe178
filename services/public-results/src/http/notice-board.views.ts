/**
 * The protest room on the regatta page's notice board: the hearing schedule (a table: case, races,
 * parties, time, room, status) and the decisions (one article per case, with facts found, conclusions,
 * rules and consequences). Boats appear by sail number and name only.
 */
import type { PublicBoatRef, PublicCase, PublicCaseRace } from '../domain/notice-board.js';
import { hearingSchedule } from '../domain/notice-board.js';
import { formatDateTime } from './html/format.js';
import { html, type Html } from './html/html.js';

/** A case's type as the notice board reads it (the vocabulary's PROTEST_TYPES). */
const CASE_TYPES: Record<string, string> = {
  boat: 'Protest, boat v boat',
  race_committee: 'Race committee protest',
  protest_committee: 'Protest committee protest',
  redress: 'Request for redress',
  reopen: 'Request to reopen',
  scoring_inquiry: 'Scoring inquiry',
};
export const caseType = (type: string) => CASE_TYPES[type] ?? type.replace(/[_-]+/g, ' ');

export function boatLabel(boat: PublicBoatRef | null): string {
  if (!boat || (boat.sailNumber === null && boat.boatName === null)) return 'unknown boat';
  return [boat.sailNumber, boat.boatName].filter((part) => part !== null && part !== '').join(' ');
}

const raceLabel = (race: PublicCaseRace) => (race.raceNumber === null ? 'race not listed' : `R${race.raceNumber}${race.fleetName ? ` ${race.fleetName}` : ''}`);
const races = (c: PublicCase) => c.races.map(raceLabel).join(', ');

/** Who is party to the case: the protestor (a boat or a committee) and the protestees. */
function parties(c: PublicCase): string {
  const protestor = c.protestor.boat ? boatLabel(c.protestor.boat) : c.protestor.party ? c.protestor.party.replace(/_/g, ' ') : null;
  const protestees = c.protestees.map(boatLabel);
  if (protestor && protestees.length > 0) return `${protestor} v ${protestees.join(', ')}`;
  if (protestor) return protestor;
  if (protestees.length > 0) return protestees.join(', ');
  return (c.hearing?.parties ?? []).map(boatLabel).join(', ');
}

const SCROLL = html`<div class="scroll" tabindex="0" role="region" aria-label="Hearing schedule (scrolls sideways on small screens)">`;

/** The status first, so a phone shows it without scrolling the table sideways. */
const STATUS_WORDS: Record<PublicCase['status'], string> = { scheduled: 'Scheduled', decided: 'Decided', withdrawn: 'Withdrawn' };

function hearingTable(cases: PublicCase[]): Html {
  const schedule = hearingSchedule(cases);
  if (schedule.length === 0) return html`<p class="meta">No hearings scheduled.</p>`;
  return html`${SCROLL}<table><caption>Hearings, earliest first</caption>
<thead><tr><th scope="col" class="num">Case</th><th scope="col">Status</th><th scope="col">Type</th><th scope="col">Races</th><th scope="col">Parties</th><th scope="col">Time</th><th scope="col">Room</th></tr></thead>
<tbody>${schedule.map(
    (c) =>
      html`<tr><th scope="row" class="num">${c.number}</th><td>${STATUS_WORDS[c.status]}</td><td>${caseType(c.type)}${c.late ? html` <span class="meta">(lodged late)</span>` : ''}</td><td>${races(c)}</td><td>${parties(c)}</td><td>${formatDateTime(c.hearing!.startsAt)}</td><td>${c.hearing!.room}</td></tr>`,
  )}</tbody></table></div>`;
}

function decisionArticle(c: PublicCase): Html {
  const d = c.decision!;
  const id = `case-${c.number}`;
  return html`<article class="decision" aria-labelledby="${id}"><h4 id="${id}">Case ${c.number}: ${caseType(c.type)} (${races(c)})</h4>
<p><strong>Decision: ${d.outcome}</strong>${d.decidedAt ? html` <span class="meta">· ${formatDateTime(d.decidedAt)}</span>` : ''}</p>
<dl><dt>Parties</dt><dd>${parties(c) || 'none named'}</dd>
<dt>Facts found</dt><dd>${d.factsFound}</dd>
<dt>Conclusions</dt><dd>${d.conclusions}</dd>
<dt>Rules that apply</dt><dd>${d.rulesApplied.length > 0 ? d.rulesApplied.join(', ') : 'none stated'}</dd>
<dt>Consequences</dt><dd>${
    d.consequences.length === 0
      ? 'No change to the scores.'
      : html`<ul>${d.consequences.map((x) => html`<li>${boatLabel(x.boat)}${x.raceNumber !== null ? `, race ${x.raceNumber}` : ''}: ${x.summary}</li>`)}</ul>`
  }</dd></dl></article>`;
}

/** The protest room's part of the notice board (nothing when no case is public yet). */
export function noticeBoardCases(cases: PublicCase[]): Html | '' {
  if (cases.length === 0) return '';
  const decided = cases.filter((c) => c.decision !== null);
  return html`<h3>Hearing schedule</h3>
${hearingTable(cases)}
<h3>Decisions</h3>
${decided.length === 0 ? html`<p class="meta">No decisions yet.</p>` : decided.map(decisionArticle)}`;
}
