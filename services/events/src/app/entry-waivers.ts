/**
 * The organizer's waivers of a regatta's entry form: add, change, remove, by members of the
 * organization. A change of title or text is a new version: every active entry that accepted an
 * older one (or none) then shows the waiver as pending, and its sailor accepts the new version
 * (`reacceptance` counts them); a change of position only keeps the version.
 */
import { randomUUID } from 'node:crypto';
import { notFound, type Identity } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { nextWaiverVersion } from '../domain/entry-form.js';
import { deleteWaiver, entriesToReaccept, insertWaiver, updateWaiver, waiverOf, type WaiverRow } from '../store/entry-form.js';
import { writableEvent } from './access.js';
import type { LazyInput } from './input.js';

export interface WaiverInput {
  title: string;
  body: string;
  position?: number | undefined;
}

export async function addWaiver(context: ServiceContext, identity: Identity, slug: string, readInput: LazyInput<WaiverInput>): Promise<WaiverRow> {
  const event = await writableEvent(context.pool, slug, identity);
  const input = readInput();
  const id = randomUUID();
  await insertWaiver(context.pool, { id, eventId: event.id, ...input, by: identity.userId ?? null });
  return (await waiverOf(context.pool, event.id, id))!;
}

export async function changeWaiver(
  context: ServiceContext,
  identity: Identity,
  slug: string,
  waiverId: string,
  readInput: LazyInput<Partial<WaiverInput>>,
): Promise<{ waiver: WaiverRow; reacceptance: number }> {
  const event = await writableEvent(context.pool, slug, identity);
  const current = await waiverOf(context.pool, event.id, waiverId);
  if (!current) throw notFound(`Waiver ${waiverId}`);
  const input = readInput();
  const version = nextWaiverVersion(current, input);
  await updateWaiver(context.pool, current.id, {
    title: input.title ?? current.title,
    body: input.body ?? current.body,
    version,
    position: input.position ?? current.position,
    by: identity.userId ?? null,
  });
  const waiver = (await waiverOf(context.pool, event.id, current.id))!;
  return { waiver, reacceptance: await entriesToReaccept(context.pool, event.id, waiver.id, waiver.version) };
}

export async function removeWaiver(context: ServiceContext, identity: Identity, slug: string, waiverId: string): Promise<void> {
  const event = await writableEvent(context.pool, slug, identity);
  const current = await waiverOf(context.pool, event.id, waiverId);
  if (!current) throw notFound(`Waiver ${waiverId}`);
  await deleteWaiver(context.pool, current.id);
}
