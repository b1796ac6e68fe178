/**
 * The organizer's entry form and what an entry must give for it: answers to the questions (text,
 * choice, yes/no; required or not), acceptance of each waiver's current version (by a parent or
 * guardian too when the sailor is under 18 on the regatta's first day), certificates that still hold
 * on the regatta's last day. Pure rules: the caller loads the form and the entry, these name every
 * field that fails.
 */

export const QUESTION_KINDS = ['text', 'choice', 'yes_no'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

export interface Question {
  id: string;
  kind: QuestionKind;
  label: string;
  choices: string[];
  required: boolean;
}

export interface Waiver {
  id: string;
  title: string;
  body: string;
  version: number;
}

export type Answer = string | boolean;

/** One acceptance as an entry keeps it: who (the signed-in user and the name given), when, which version. */
export interface WaiverAcceptance {
  waiverId: string;
  version: number;
  acceptedBy: string | null;
  name: string | null;
  acceptedAt: string;
  guardian: { name: string; acceptedAt: string } | null;
  /** Parents or guardians of crew members under 18 who accepted this version for them. */
  crewGuardians?: CrewGuardian[] | undefined;
}

/** A crew member's parent or guardian accepting a waiver for them: who for, who, when. */
export interface CrewGuardian {
  crewMember: string;
  name: string;
  acceptedAt: string;
}

/** A crew member as the form gives it (name, date of birth, the guardian's name for a minor). */
export interface CrewPerson {
  name: string;
  dateOfBirth?: string | null | undefined;
  guardianName?: string | null | undefined;
}

/** What the form sends per waiver: the version the sailor read, and for a minor the guardian's name. */
export interface AcceptanceInput {
  version: number;
  guardianName?: string | undefined;
}

export interface Certificate {
  number: string;
  expires?: string | null | undefined;
}

export interface FieldProblem {
  field: string;
  message: string;
}

/** Age in whole years on a day (both YYYY-MM-DD, or the day a Date falls on in UTC). */
export function ageOn(dateOfBirth: string, on: Date): number {
  const [year, month, day] = dateOfBirth.split('-').map(Number) as [number, number, number];
  let age = on.getUTCFullYear() - year;
  const beforeBirthday = on.getUTCMonth() + 1 < month || (on.getUTCMonth() + 1 === month && on.getUTCDate() < day);
  if (beforeBirthday) age -= 1;
  return age;
}

/** Under 18 on the day (the regatta's first day): a parent or guardian accepts the waivers too. */
export function isMinor(dateOfBirth: string | null | undefined, on: Date): boolean {
  return !!dateOfBirth && ageOn(dateOfBirth, on) < 18;
}

/**
 * Crew members under 18 on the regatta's first day without a parent or guardian named: each is a
 * problem on `crewMembers.<i>.guardianName` (the guardian accepts every waiver for that crew member).
 */
export function crewGuardianProblems(crew: readonly CrewPerson[], firstDay: Date): FieldProblem[] {
  return crew.flatMap((member, index) =>
    isMinor(member.dateOfBirth, firstDay) && !member.guardianName?.trim()
      ? [{ field: `crewMembers.${index}.guardianName`, message: 'the crew member is under 18: a parent or guardian names themselves and accepts the waivers for them' }]
      : [],
  );
}

/**
 * The acceptances with each minor crew member's guardian recorded on every acceptance of a waiver's
 * current version: a guardian already recorded (same crew member, same name) keeps the time of
 * their acceptance, a new one accepts `at`; crew no longer aboard drop out. Acceptances of an older
 * version keep what they had (that version was accepted then).
 */
export function withCrewGuardians(
  acceptances: readonly WaiverAcceptance[],
  waivers: readonly Waiver[],
  crew: readonly CrewPerson[],
  firstDay: Date,
  at: Date,
): WaiverAcceptance[] {
  const minors = crew.filter((member) => isMinor(member.dateOfBirth, firstDay) && member.guardianName?.trim());
  const current = new Map(waivers.map((waiver) => [waiver.id, waiver.version]));
  return acceptances.map((acceptance) => {
    if (current.get(acceptance.waiverId) !== acceptance.version) return acceptance;
    const crewGuardians = minors.map((member) => {
      const name = member.guardianName!.trim();
      const held = acceptance.crewGuardians?.find((guardian) => guardian.crewMember === member.name && guardian.name === name);
      return held ?? { crewMember: member.name, name, acceptedAt: at.toISOString() };
    });
    return { ...acceptance, crewGuardians };
  });
}

/** A date of birth that is a real day, not in the future and not more than 120 years back. */
export function birthDateProblem(dateOfBirth: string, today: Date): string | undefined {
  const parsed = new Date(`${dateOfBirth}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== dateOfBirth) return 'must be a real day (YYYY-MM-DD)';
  if (parsed.getTime() > today.getTime()) return 'must not be in the future';
  if (ageOn(dateOfBirth, today) > 120) return 'must be within the last 120 years';
  return undefined;
}

function answerProblem(question: Question, answer: Answer | undefined): string | undefined {
  const missing = answer === undefined || (typeof answer === 'string' && answer.trim() === '');
  if (missing) return question.required ? 'an answer is required' : undefined;
  if (question.kind === 'yes_no') return typeof answer === 'boolean' ? undefined : 'must be true (yes) or false (no)';
  if (typeof answer !== 'string') return 'must be text';
  if (question.kind === 'choice' && !question.choices.includes(answer)) return `must be one of: ${question.choices.join(', ')}`;
  return undefined;
}

/**
 * The answers' problems: unknown questions always; wrong kinds always; missing required answers only
 * when `complete` (the sailor entering herself; an organizer entering for someone may leave them).
 */
export function answerProblems(questions: readonly Question[], answers: Record<string, Answer>, complete: boolean): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const known = new Set(questions.map((question) => question.id));
  for (const id of Object.keys(answers)) if (!known.has(id)) problems.push({ field: `answers.${id}`, message: 'no such question in this regatta' });
  for (const question of questions) {
    const message = answerProblem(complete ? question : { ...question, required: false }, answers[question.id]);
    if (message) problems.push({ field: `answers.${question.id}`, message });
  }
  return problems;
}

/**
 * The acceptances' problems: an unknown waiver, an outdated version (the waiver changed while the
 * form was open), a minor's acceptance without the guardian's name; when `complete`, every waiver
 * not yet accepted in its current version (neither now nor before).
 */
export function acceptanceProblems(
  waivers: readonly Waiver[],
  given: Record<string, AcceptanceInput>,
  held: readonly WaiverAcceptance[],
  options: { complete: boolean; minor: boolean },
): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const byId = new Map(waivers.map((waiver) => [waiver.id, waiver]));
  for (const [id, acceptance] of Object.entries(given)) {
    const waiver = byId.get(id);
    if (!waiver) problems.push({ field: `waivers.${id}`, message: 'no such waiver in this regatta' });
    else if (acceptance.version !== waiver.version) problems.push({ field: `waivers.${id}.version`, message: `the waiver is at version ${waiver.version}; read and accept that one` });
    else if (options.minor && !acceptance.guardianName?.trim()) problems.push({ field: `waivers.${id}.guardianName`, message: 'the sailor is under 18: a parent or guardian names themselves and accepts' });
  }
  if (options.complete) {
    for (const waiver of pendingWaivers(waivers, held)) if (!given[waiver.id]) problems.push({ field: `waivers.${waiver.id}`, message: 'must be accepted' });
  }
  return problems;
}

/** The waivers an entry has not accepted in their current version (a changed waiver asks again). */
export function pendingWaivers(waivers: readonly Waiver[], held: readonly WaiverAcceptance[]): Waiver[] {
  return waivers.filter((waiver) => !held.some((acceptance) => acceptance.waiverId === waiver.id && acceptance.version === waiver.version));
}

/** The acceptances after this submission: the new ones replace those of the same waiver. */
export function mergeAcceptances(
  held: readonly WaiverAcceptance[],
  given: Record<string, AcceptanceInput>,
  who: { userId: string | null; name: string | null; minor: boolean },
  at: Date,
): WaiverAcceptance[] {
  const when = at.toISOString();
  const fresh = Object.entries(given).map(([waiverId, acceptance]) => ({
    waiverId,
    version: acceptance.version,
    acceptedBy: who.userId,
    name: who.name,
    acceptedAt: when,
    guardian: who.minor && acceptance.guardianName ? { name: acceptance.guardianName.trim(), acceptedAt: when } : null,
  }));
  return [...held.filter((acceptance) => !given[acceptance.waiverId]), ...fresh];
}

/** A certificate must hold until the regatta's last day (`expires` YYYY-MM-DD is the last valid day). */
export function certificateProblems(certificates: Record<string, Certificate>, lastDay: Date | null): FieldProblem[] {
  if (!lastDay) return [];
  const last = lastDay.toISOString().slice(0, 10);
  return Object.entries(certificates)
    .filter(([, certificate]) => certificate.expires && certificate.expires < last)
    .map(([key]) => ({ field: `certificates.${key}.expires`, message: `the certificate expires before the regatta ends (${last})` }));
}

/** A choice question needs at least two distinct choices; other kinds none. */
export function questionProblems(kind: QuestionKind, choices: readonly string[]): FieldProblem[] {
  if (kind === 'choice') {
    if (new Set(choices).size < 2) return [{ field: 'choices', message: 'a choice question needs at least two different choices' }];
    return [];
  }
  return choices.length > 0 ? [{ field: 'choices', message: `a ${kind} question has no choices` }] : [];
}

/** A waiver edit is a new version when its title or text changes (and only then). */
export function nextWaiverVersion(current: Waiver, change: { title?: string | undefined; body?: string | undefined }): number {
  const changed = (change.title !== undefined && change.title !== current.title) || (change.body !== undefined && change.body !== current.body);
  return changed ? current.version + 1 : current.version;
}

export type EntryState = 'open' | 'not_yet_open' | 'closed' | 'full' | 'not_published';

/**
 * Why a sailor can or cannot enter now: not published, not yet open, closed, full (the waitlist is
 * open: an entry is waitlisted) or open. `full` needs every fleet (or the regatta) at its limit.
 */
export function entryState(
  event: { status: string; registrationOpen: Date | null; registrationClose: Date | null; maxParticipants: number | null },
  fleets: readonly { maxBoats: number | null; registered: number }[],
  now: Date,
): EntryState {
  if (event.status !== 'published') return 'not_published';
  if (event.registrationOpen && now.getTime() < event.registrationOpen.getTime()) return 'not_yet_open';
  if (event.registrationClose && now.getTime() > event.registrationClose.getTime()) return 'closed';
  const registered = fleets.reduce((sum, fleet) => sum + fleet.registered, 0);
  if (event.maxParticipants !== null && registered >= event.maxParticipants) return 'full';
  if (fleets.length > 0 && fleets.every((fleet) => fleet.maxBoats !== null && fleet.registered >= fleet.maxBoats)) return 'full';
  return 'open';
}

/** A fleet's places for one more entry: how many are left (null: no limit) and whether an entry now takes one or waits. */
export interface FleetAvailability {
  placesLeft: number | null;
  availability: 'open' | 'waitlist';
}

/**
 * Places left in a fleet: the fewer of the fleet's (maxBoats less its registered boats) and the
 * regatta's (maxParticipants less every registered boat); none left means an entry (or a move)
 * into the fleet is waitlisted. E.g. Laser 8 of 10 in a regatta of 30 with 29 taken: 1 left.
 */
export function fleetAvailability(event: { maxParticipants: number | null; registered: number }, fleet: { maxBoats: number | null; registered: number }): FleetAvailability {
  const left = (max: number | null, taken: number) => (max === null ? null : Math.max(0, max - taken));
  const limits = [left(event.maxParticipants, event.registered), left(fleet.maxBoats, fleet.registered)].filter((value): value is number => value !== null);
  const placesLeft = limits.length === 0 ? null : Math.min(...limits);
  return { placesLeft, availability: placesLeft === 0 ? 'waitlist' : 'open' };
}

/** Rating keys a boat holds by a measured certificate (number and expiry asked); class-based numbers (Portsmouth, NHC) have none. */
export const CERTIFICATE_KEYS: readonly string[] = ['phrf', 'irc', 'vprs', 'orc_tod', 'orc_tot', 'echo'];
