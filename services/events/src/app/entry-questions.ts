/**
 * The organizer's questions of a regatta's entry form (text, choice, yes/no; required or not): add,
 * change, remove, by members of the organization. Answers entries gave stay with them (a removed
 * question's answers no longer show); a choice question needs two different choices (400 naming
 * `choices`).
 */
import { randomUUID } from 'node:crypto';
import { notFound, validationFailed, type Identity } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { questionProblems, type QuestionKind } from '../domain/entry-form.js';
import { deleteQuestion, insertQuestion, questionOf, updateQuestion, type QuestionRow } from '../store/entry-form.js';
import { writableEvent } from './access.js';
import type { LazyInput } from './input.js';

export interface QuestionInput {
  kind: QuestionKind;
  label: string;
  choices: string[];
  required: boolean;
  position?: number | undefined;
}

function checkQuestion(kind: QuestionKind, choices: string[]): void {
  const problems = questionProblems(kind, choices);
  if (problems.length > 0) throw validationFailed(problems);
}

export async function addQuestion(context: ServiceContext, identity: Identity, slug: string, readInput: LazyInput<QuestionInput>): Promise<QuestionRow> {
  const event = await writableEvent(context.pool, slug, identity);
  const input = readInput();
  checkQuestion(input.kind, input.choices);
  const id = randomUUID();
  await insertQuestion(context.pool, { id, eventId: event.id, ...input, by: identity.userId ?? null });
  return (await questionOf(context.pool, event.id, id))!;
}

export async function changeQuestion(
  context: ServiceContext,
  identity: Identity,
  slug: string,
  questionId: string,
  readInput: LazyInput<Partial<QuestionInput>>,
): Promise<QuestionRow> {
  const event = await writableEvent(context.pool, slug, identity);
  const current = await questionOf(context.pool, event.id, questionId);
  if (!current) throw notFound(`Question ${questionId}`);
  const input = readInput();
  const next = {
    kind: input.kind ?? current.kind,
    label: input.label ?? current.label,
    // A question that stops being a choice drops its choices.
    choices: input.choices ?? ((input.kind ?? current.kind) === 'choice' ? current.choices : []),
    required: input.required ?? current.required,
    position: input.position ?? current.position,
  };
  checkQuestion(next.kind, next.choices);
  await updateQuestion(context.pool, current.id, { ...next, by: identity.userId ?? null });
  return (await questionOf(context.pool, event.id, current.id))!;
}

export async function removeQuestion(context: ServiceContext, identity: Identity, slug: string, questionId: string): Promise<void> {
  const event = await writableEvent(context.pool, slug, identity);
  const current = await questionOf(context.pool, event.id, questionId);
  if (!current) throw notFound(`Question ${questionId}`);
  await deleteQuestion(context.pool, current.id);
}
