/** SQL of a regatta's entry form: the organizer's questions and waivers (migration 007). */
import type { Queryable } from '@regatta/db';
import type { Question, QuestionKind, Waiver } from '../domain/entry-form.js';
import { isUuid } from './sql.js';

export interface QuestionRow extends Question {
  position: number;
  updatedAt: Date;
}

export interface WaiverRow extends Waiver {
  position: number;
  updatedAt: Date;
}

const QUESTION = `SELECT id, kind, label, choices, required, position, updated_at AS "updatedAt" FROM entry_questions`;
const WAIVER = `SELECT id, title, body, version, position, updated_at AS "updatedAt" FROM entry_waivers`;

export async function questionsOf(db: Queryable, eventId: string): Promise<QuestionRow[]> {
  return (await db.query<QuestionRow>(`${QUESTION} WHERE event_id = $1 ORDER BY position, created_at`, [eventId])).rows;
}

export async function waiversOf(db: Queryable, eventId: string): Promise<WaiverRow[]> {
  return (await db.query<WaiverRow>(`${WAIVER} WHERE event_id = $1 ORDER BY position, created_at`, [eventId])).rows;
}

/** The waivers of several regattas at once (a sailor's entries), by event id. */
export async function waiversOfEvents(db: Queryable, eventIds: string[]): Promise<Map<string, WaiverRow[]>> {
  const rows = (await db.query<WaiverRow & { eventId: string }>(`${WAIVER.replace('SELECT ', 'SELECT event_id AS "eventId", ')} WHERE event_id = ANY($1::uuid[]) ORDER BY position`, [eventIds])).rows;
  const byEvent = new Map<string, WaiverRow[]>();
  for (const row of rows) byEvent.set(row.eventId, [...(byEvent.get(row.eventId) ?? []), row]);
  return byEvent;
}

export async function questionOf(db: Queryable, eventId: string, id: string): Promise<QuestionRow | undefined> {
  if (!isUuid(id)) return undefined;
  return (await db.query<QuestionRow>(`${QUESTION} WHERE event_id = $1 AND id = $2`, [eventId, id])).rows[0];
}

export async function waiverOf(db: Queryable, eventId: string, id: string): Promise<WaiverRow | undefined> {
  if (!isUuid(id)) return undefined;
  return (await db.query<WaiverRow>(`${WAIVER} WHERE event_id = $1 AND id = $2`, [eventId, id])).rows[0];
}

/** The next position at the end of the form (questions or waivers). */
async function nextPosition(db: Queryable, table: 'entry_questions' | 'entry_waivers', eventId: string): Promise<number> {
  return (await db.query<{ next: number }>(`SELECT COALESCE(max(position), 0) + 1 AS next FROM ${table} WHERE event_id = $1`, [eventId])).rows[0]!.next;
}

export async function insertQuestion(
  db: Queryable,
  question: { id: string; eventId: string; kind: QuestionKind; label: string; choices: string[]; required: boolean; position?: number | undefined; by: string | null },
): Promise<void> {
  const position = question.position ?? (await nextPosition(db, 'entry_questions', question.eventId));
  await db.query(
    `INSERT INTO entry_questions (id, event_id, position, kind, label, choices, required, created_by, updated_by) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)`,
    [question.id, question.eventId, position, question.kind, question.label, question.choices, question.required, question.by],
  );
}

export async function updateQuestion(
  db: Queryable,
  id: string,
  question: { kind: QuestionKind; label: string; choices: string[]; required: boolean; position: number; by: string | null },
): Promise<void> {
  await db.query(
    `UPDATE entry_questions SET kind = $2, label = $3, choices = $4, required = $5, position = $6, updated_by = $7, updated_at = now() WHERE id = $1`,
    [id, question.kind, question.label, question.choices, question.required, question.position, question.by],
  );
}

export async function deleteQuestion(db: Queryable, id: string): Promise<void> {
  await db.query('DELETE FROM entry_questions WHERE id = $1', [id]);
}

export async function insertWaiver(db: Queryable, waiver: { id: string; eventId: string; title: string; body: string; position?: number | undefined; by: string | null }): Promise<void> {
  const position = waiver.position ?? (await nextPosition(db, 'entry_waivers', waiver.eventId));
  await db.query(`INSERT INTO entry_waivers (id, event_id, position, title, body, created_by, updated_by) VALUES ($1, $2, $3, $4, $5, $6, $6)`, [
    waiver.id,
    waiver.eventId,
    position,
    waiver.title,
    waiver.body,
    waiver.by,
  ]);
}

export async function updateWaiver(db: Queryable, id: string, waiver: { title: string; body: string; version: number; position: number; by: string | null }): Promise<void> {
  await db.query(`UPDATE entry_waivers SET title = $2, body = $3, version = $4, position = $5, updated_by = $6, updated_at = now() WHERE id = $1`, [
    id,
    waiver.title,
    waiver.body,
    waiver.version,
    waiver.position,
    waiver.by,
  ]);
}

export async function deleteWaiver(db: Queryable, id: string): Promise<void> {
  await db.query('DELETE FROM entry_waivers WHERE id = $1', [id]);
}

/** Entries (registered or waitlisted) whose acceptance of this waiver is older than `version`. */
export async function entriesToReaccept(db: Queryable, eventId: string, waiverId: string, version: number): Promise<number> {
  const result = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM registrations r
      WHERE r.event_id = $1 AND r.status IN ('registered', 'waitlisted')
        AND NOT EXISTS (SELECT 1 FROM jsonb_array_elements(r.waiver_acceptances) a WHERE a->>'waiverId' = $2 AND (a->>'version')::int = $3)`,
    [eventId, waiverId, version],
  );
  return result.rows[0]!.count;
}

/** The regatta's questions and waivers in one round trip (what an entry is checked against). */
export async function entryFormOf(db: Queryable, eventId: string): Promise<{ questions: Question[]; waivers: Waiver[] }> {
  const result = await db.query<{ questions: Question[]; waivers: Waiver[] }>(
    `SELECT
       (SELECT COALESCE(json_agg(json_build_object('id', id, 'kind', kind, 'label', label, 'choices', choices, 'required', required) ORDER BY position, created_at), '[]'::json)
          FROM entry_questions WHERE event_id = $1) AS questions,
       (SELECT COALESCE(json_agg(json_build_object('id', id, 'title', title, 'body', body, 'version', version) ORDER BY position, created_at), '[]'::json)
          FROM entry_waivers WHERE event_id = $1) AS waivers`,
    [eventId],
  );
  return result.rows[0]!;
}
