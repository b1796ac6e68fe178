/**
 * The entry list as an export table (packages/exports): the same listed entries as the JSON
 * (listedEntryJson), one section per fleet, one row per boat. Payment and crew columns appear only
 * when the caller may see them for the entries listed (organizers; a sailor sees her own), and with
 * them the entry form's: emergency contact, date of birth, each question's answer, each waiver's
 * acceptance (version, who, when, guardian).
 */
import type { ExportColumn, ExportRow, ExportTable } from '@regatta/exports';
import type { ListedEntry } from '../app/list-registrations.js';
import type { Question, Waiver, WaiverAcceptance } from '../domain/entry-form.js';
import { listedEntryJson } from './registrations.views.js';

/** An export is the whole list unless the caller pages it (`limit`/`offset`): at most this many entries. */
export const EXPORT_ENTRY_LIMIT = 5_000;

const PUBLIC_COLUMNS: ExportColumn[] = [
  { key: 'fleet', label: 'Fleet' },
  { key: 'sail', label: 'Sail number' },
  { key: 'boat', label: 'Boat' },
  { key: 'model', label: 'Boat model' },
  { key: 'sailor', label: 'Sailor' },
  { key: 'status', label: 'Status' },
  { key: 'waitlist', label: 'Waitlist position', numeric: true },
  { key: 'registered', label: 'Registered at' },
];

const PRIVATE_COLUMNS: ExportColumn[] = [
  { key: 'crew', label: 'Crew' },
  { key: 'payment', label: 'Payment' },
];

interface EntryJson {
  status: string;
  fleetName: string;
  registrationTime: string | null;
  waitlistPosition: number | null;
  sailor: { name: string | null };
  boat: { name: string; sailNumber: string | null; model: string | null };
  paymentStatus?: string;
  crew?: string[];
  emergencyContact?: string | null;
  dateOfBirth?: string | null;
  answers?: Record<string, string | boolean>;
  waiverAcceptances?: WaiverAcceptance[];
}

/** The entry form's columns: one per question (the answer), one per waiver (version, who, when, guardian). */
function formColumns(form: { questions: readonly Question[]; waivers: readonly Waiver[] }): ExportColumn[] {
  return [
    { key: 'emergency', label: 'Emergency contact' },
    { key: 'birth', label: 'Date of birth' },
    ...form.questions.map((question) => ({ key: `q:${question.id}`, label: question.label })),
    ...form.waivers.map((waiver) => ({ key: `w:${waiver.id}`, label: `${waiver.title} (v${waiver.version})` })),
  ];
}

const answerText = (answer: string | boolean | undefined): string | null => (answer === undefined ? null : typeof answer === 'boolean' ? (answer ? 'yes' : 'no') : answer);

/** "v2 accepted by Sam Sailor 2027-05-01T10:00:00.000Z; guardian Ann Parent; guardian of Tim Teen: Ann Teen", or "not accepted (v2 is current)". */
function acceptanceText(waiver: Waiver, acceptances: readonly WaiverAcceptance[] | undefined): string {
  const accepted = acceptances?.find((acceptance) => acceptance.waiverId === waiver.id);
  if (!accepted) return 'not accepted';
  const crewGuardians = (accepted.crewGuardians ?? []).map((guardian) => `; guardian of ${guardian.crewMember}: ${guardian.name}`).join('');
  const text = `v${accepted.version} accepted by ${accepted.name ?? accepted.acceptedBy ?? 'unknown'} ${accepted.acceptedAt}${accepted.guardian ? `; guardian ${accepted.guardian.name}` : ''}${crewGuardians}`;
  return accepted.version === waiver.version ? text : `${text} (v${waiver.version} not yet accepted)`;
}

function formCells(item: EntryJson, form: { questions: readonly Question[]; waivers: readonly Waiver[] }): ExportRow {
  const cells: Record<string, string | null> = { emergency: item.emergencyContact ?? null, birth: item.dateOfBirth ?? null };
  if (!item.answers) return cells;
  for (const question of form.questions) cells[`q:${question.id}`] = answerText(item.answers[question.id]);
  for (const waiver of form.waivers) cells[`w:${waiver.id}`] = acceptanceText(waiver, item.waiverAcceptances);
  return cells;
}

export function entriesTable(
  event: { slug: string; name: string },
  entries: readonly ListedEntry[],
  form: { questions: readonly Question[]; waivers: readonly Waiver[] } = { questions: [], waivers: [] },
): ExportTable {
  const items = entries.map((entry) => listedEntryJson(entry) as unknown as EntryJson);
  const showPrivate = entries.some((entry) => entry.showPrivate);
  const columns = showPrivate ? [...PUBLIC_COLUMNS, ...PRIVATE_COLUMNS, ...formColumns(form)] : PUBLIC_COLUMNS;
  const sections = new Map<string, ExportRow[]>();
  for (const item of items) {
    const row: ExportRow = {
      fleet: item.fleetName,
      sail: item.boat.sailNumber,
      boat: item.boat.name,
      model: item.boat.model,
      sailor: item.sailor.name,
      status: item.status,
      waitlist: item.waitlistPosition,
      registered: item.registrationTime,
      crew: item.crew ? item.crew.join('; ') : null,
      payment: item.paymentStatus ?? null,
      ...(showPrivate ? formCells(item, form) : {}),
    };
    const rows = sections.get(item.fleetName);
    if (rows) rows.push(row);
    else sections.set(item.fleetName, [row]);
  }
  return {
    title: event.name,
    subject: 'Entry list',
    columns,
    sections: [...sections].map(([heading, rows]) => ({ heading, rows })),
    filename: `${event.slug}-entries`,
  };
}
