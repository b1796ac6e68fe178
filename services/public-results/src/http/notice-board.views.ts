/**
 * The protest room on the regatta page's notice board: the hearing schedule (a table: case, races,
 * parties, time, room, status) and the decisions (one article per case, with facts found, conclusions,
 * rules and consequences). Boats appear by sail number and name only. Every word is the Locale's: the
 * outcome and each consequence are said from their codes here (the JSON twin keeps its English
 * `outcome` and `summary` for machines, unchanged).
 */
import { REDRESS_METHODS } from '@regatta/contracts';
import type { PublicBoatRef, PublicCase, PublicCaseRace, PublicConsequence } from '../domain/notice-board.js';
import { hearingSchedule } from '../domain/notice-board.js';
import { ENGLISH, type Locale } from '../i18n/locale.js';
import { html, type Html } from './html/html.js';

export function boatLabel(boat: PublicBoatRef | null, locale: Locale = ENGLISH): string {
  if (!boat || (boat.sailNumber === null && boat.boatName === null)) return locale.t('board.unknownBoat');
  return [boat.sailNumber, boat.boatName].filter((part) => part !== null && part !== '').join(' ');
}

function raceLabel(race: PublicCaseRace, { t }: Locale): string {
  if (race.raceNumber === null) return t('board.raceNotListed');
  return `${t('board.raceLabel', { number: race.raceNumber })}${race.fleetName ? ` ${race.fleetName}` : ''}`;
}
const races = (c: PublicCase, locale: Locale) => c.races.map((race) => raceLabel(race, locale)).join(', ');

/** Who is party to the case: the protestor (a boat or a committee) and the protestees. */
function parties(c: PublicCase, locale: Locale): string {
  const protestor = c.protestor.boat ? boatLabel(c.protestor.boat, locale) : c.protestor.party ? locale.term('party', c.protestor.party) : null;
  const protestees = c.protestees.map((boat) => boatLabel(boat, locale));
  if (protestor && protestees.length > 0) return locale.t('board.versus', { protestor, protestees: protestees.join(', ') });
  if (protestor) return protestor;
  if (protestees.length > 0) return protestees.join(', ');
  return (c.hearing?.parties ?? []).map((boat) => boatLabel(boat, locale)).join(', ');
}

/** What the decision does: no action, penalty, redress, correction, or several joined ("Penalty and redress"). */
const OUTCOMES: Record<string, 'penalty' | 'redress' | 'correction'> = { dsq: 'penalty', dne: 'penalty', dpi: 'penalty', scp: 'penalty', rdg: 'redress', correct: 'correction' };

export function decisionOutcome(consequences: ReadonlyArray<Pick<PublicConsequence, 'action'>>, locale: Locale = ENGLISH): string {
  const kinds = [...new Set(consequences.map((c) => OUTCOMES[c.action] ?? c.action))];
  if (kinds.length === 0) return locale.t('terms.outcome.none');
  return kinds
    .map((kind, i) => {
      if (kind === 'penalty' || kind === 'redress' || kind === 'correction') return locale.t(i === 0 ? `terms.outcome.${kind}` : `terms.outcomeInline.${kind}`);
      return i === 0 ? kind.charAt(0).toUpperCase() + kind.slice(1) : kind;
    })
    .join(locale.t('board.outcomeJoin'));
}

/** One consequence in words, from its action and numbers. */
export function consequenceText(c: Pick<PublicConsequence, 'action' | 'points' | 'percent' | 'method' | 'code'>, locale: Locale = ENGLISH): string {
  const { t } = locale;
  switch (c.action) {
    case 'dsq':
    case 'dne':
      return t(`terms.consequence.${c.action}`);
    case 'dpi':
      return c.points !== null ? t('terms.consequence.dpiPoints', { count: c.points, points: locale.points(c.points) }) : t('terms.consequence.dpi');
    case 'scp':
      return c.percent !== null ? t('terms.consequence.scpPercent', { percent: locale.points(c.percent) }) : t('terms.consequence.scp');
    case 'rdg': {
      const how = c.method === 'points' && c.points !== null ? t('terms.redressMethod.pointsStated', { points: locale.points(c.points) }) : c.method && (REDRESS_METHODS as readonly string[]).includes(c.method) ? locale.term('redressMethod', c.method) : null;
      return how ? t('terms.consequence.rdgHow', { how }) : t('terms.consequence.rdg');
    }
    case 'correct':
      return c.code ? t('terms.consequence.correctCode', { code: c.code }) : t('terms.consequence.correct');
    default:
      return c.action.toUpperCase();
  }
}

function hearingTable(cases: PublicCase[], locale: Locale): Html {
  const { t } = locale;
  const schedule = hearingSchedule(cases);
  if (schedule.length === 0) return html`<p class="meta">${t('board.noHearings')}</p>`;
  // The status first, so a phone shows it without scrolling the table sideways.
  return html`<div class="scroll" tabindex="0" role="region" aria-label="${t('board.scrollLabel')}"><table><caption>${t('board.hearingsCaption')}</caption>
<thead><tr><th scope="col" class="num">${t('board.case')}</th><th scope="col">${t('board.status')}</th><th scope="col">${t('board.type')}</th><th scope="col">${t('board.races')}</th><th scope="col">${t('board.parties')}</th><th scope="col">${t('board.time')}</th><th scope="col">${t('board.room')}</th></tr></thead>
<tbody>${schedule.map(
    (c) =>
      html`<tr><th scope="row" class="num">${c.number}</th><td>${locale.term('caseStatus', c.status)}</td><td>${locale.term('caseType', c.type)}${c.late ? html` <span class="meta">${t('board.lodgedLate')}</span>` : ''}</td><td>${races(c, locale)}</td><td>${parties(c, locale)}</td><td>${locale.dateTime(c.hearing!.startsAt)}</td><td>${c.hearing!.room}</td></tr>`,
  )}</tbody></table></div>`;
}

function decisionArticle(c: PublicCase, locale: Locale): Html {
  const { t } = locale;
  const d = c.decision!;
  const id = `case-${c.number}`;
  return html`<article class="decision" aria-labelledby="${id}"><h4 id="${id}">${t('board.caseHeading', { number: c.number, type: locale.term('caseType', c.type), races: races(c, locale) })}</h4>
<p><strong>${t('board.decision', { outcome: decisionOutcome(d.consequences, locale) })}</strong>${d.decidedAt ? html` <span class="meta">· ${locale.dateTime(d.decidedAt)}</span>` : ''}</p>
<dl><dt>${t('board.parties')}</dt><dd>${parties(c, locale) || t('board.noneNamed')}</dd>
<dt>${t('board.factsFound')}</dt><dd>${d.factsFound}</dd>
<dt>${t('board.conclusions')}</dt><dd>${d.conclusions}</dd>
<dt>${t('board.rulesApplied')}</dt><dd>${d.rulesApplied.length > 0 ? d.rulesApplied.join(', ') : t('board.noneStated')}</dd>
<dt>${t('board.consequences')}</dt><dd>${
    d.consequences.length === 0
      ? t('board.noChange')
      : html`<ul>${d.consequences.map((x) => {
          const vars = { boat: boatLabel(x.boat, locale), summary: consequenceText(x, locale) };
          return html`<li>${x.raceNumber !== null ? t('board.consequenceInRace', { ...vars, number: x.raceNumber }) : t('board.consequence', vars)}</li>`;
        })}</ul>`
  }</dd></dl></article>`;
}

/** The protest room's part of the notice board (nothing when no case is public yet). */
export function noticeBoardCases(cases: PublicCase[], locale: Locale = ENGLISH): Html | '' {
  if (cases.length === 0) return '';
  const { t } = locale;
  const decided = cases.filter((c) => c.decision !== null);
  return html`<h3>${t('board.hearingSchedule')}</h3>
${hearingTable(cases, locale)}
<h3>${t('board.decisions')}</h3>
${decided.length === 0 ? html`<p class="meta">${t('board.noDecisions')}</p>` : decided.map((c) => decisionArticle(c, locale))}`;
}
