/**
 * Checks responses against the OpenAPI document: the status must be documented for the operation and
 * the body must match its schema. The e2e API client runs this on every response it receives.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { loadOpenApiDocument } from '@regatta/openapi';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

type Json = Record<string, unknown>;
const DOC_ID = 'https://regatta.dev/openapi.json';

let ajv: Ajv2020 | undefined;
let document: Json | undefined;
const compiled = new Map<string, ValidateFunction>();

function setup(): { ajv: Ajv2020; document: Json } {
  if (!ajv || !document) {
    document = loadOpenApiDocument();
    ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
    addFormats(ajv);
    ajv.addSchema({ ...document, $id: DOC_ID });
  }
  return { ajv, document };
}

function isJsonMediaType(mediaType: string): boolean {
  return mediaType === 'application/json' || mediaType.endsWith('+json');
}

function pointerEscape(part: string): string {
  return part.replace(/~/g, '~0').replace(/\//g, '~1');
}

function resolveRef(doc: Json, ref: string): Json {
  const parts = ref.replace(/^#\//, '').split('/').map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  let node: unknown = doc;
  for (const part of parts) node = (node as Json)[part];
  return node as Json;
}

/** A template segment ("{slug}", "{slug}.json", "standings.json") as a pattern for one concrete segment. */
function segmentPattern(part: string): RegExp {
  const source = part
    .split(/(\{[^}]+\})/)
    .map((piece) => (/^\{[^}]+\}$/.test(piece) ? '[^/]+' : piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`);
}

/** How literal a template is: whole literal segments first, then literal characters beside parameters. */
function specificity(template: string): [number, number] {
  const parts = template.split('/').filter(Boolean);
  const literalSegments = parts.filter((part) => !part.includes('{')).length;
  const literalChars = parts.filter((part) => part.includes('{')).reduce((sum, part) => sum + part.replace(/\{[^}]+\}/g, '').length, 0);
  return [literalSegments, literalChars];
}

/**
 * Finds the documented path template that matches a concrete path. A template expression may be a
 * whole segment ("/clubs/{orgSlug}") or part of one ("/clubs/{orgSlug}.json", OpenAPI 3.1); literal
 * segments win over parameters, then the template with more literal text ("{orgSlug}.json" over
 * "{orgSlug}").
 */
export function findPathTemplate(path: string): string | undefined {
  const { document: doc } = setup();
  const segments = path.split('?')[0]!.split('/').filter(Boolean);
  const templates = Object.keys((doc['paths'] ?? {}) as Json);
  const candidates = templates.filter((template) => {
    const parts = template.split('/').filter(Boolean);
    return parts.length === segments.length && parts.every((part, index) => (part.includes('{') ? segmentPattern(part).test(segments[index]!) : part === segments[index]));
  });
  candidates.sort((a, b) => {
    const [segmentsA, charsA] = specificity(a);
    const [segmentsB, charsB] = specificity(b);
    return segmentsB - segmentsA || charsB - charsA;
  });
  return candidates[0];
}

export interface ContractCheck {
  ok: boolean;
  problems: string[];
}

export function checkResponse(method: string, path: string, status: number, contentType: string | null, body: unknown): ContractCheck {
  const { ajv: validator, document: doc } = setup();
  const template = findPathTemplate(path);
  if (!template) return { ok: false, problems: [`${method} ${path}: no path in the OpenAPI document matches`] };
  const operation = ((doc['paths'] as Json)[template] as Json)[method.toLowerCase()] as Json | undefined;
  if (!operation) return { ok: false, problems: [`${method} ${template}: operation not documented`] };
  const responses = operation['responses'] as Json;
  const key = String(status) in responses ? String(status) : `${String(status)[0]}XX` in responses ? `${String(status)[0]}XX` : 'default' in responses ? 'default' : undefined;
  if (!key) return { ok: false, problems: [`${method} ${template}: status ${status} not documented (documented: ${Object.keys(responses).join(', ')})`] };
  let response = responses[key] as Json;
  let responsePointer = `#/paths/${pointerEscape(template)}/${method.toLowerCase()}/responses/${key}`;
  if (typeof response['$ref'] === 'string') {
    responsePointer = response['$ref'];
    response = resolveRef(doc, response['$ref']);
  }
  const content = response['content'] as Json | undefined;
  if (!content) return { ok: true, problems: [] };
  const mediaType = (contentType ?? '').split(';')[0]!.trim();
  if (!(mediaType in content)) {
    return { ok: false, problems: [`${method} ${template} ${status}: content type ${mediaType || '(none)'} not documented (${Object.keys(content).join(', ')})`] };
  }
  // Pages (text/html), event streams and other non-JSON bodies: the media type is what the document
  // promises; a body read as text is checked against its (string) schema, anything else (an unread
  // stream, no body) is not checked.
  if (!isJsonMediaType(mediaType) && typeof body !== 'string') return { ok: true, problems: [] };
  const cacheKey = `${responsePointer}|${mediaType}`;
  let validate = compiled.get(cacheKey);
  if (!validate) {
    validate = validator.compile({ $ref: `${DOC_ID}${responsePointer}/content/${pointerEscape(mediaType)}/schema` });
    compiled.set(cacheKey, validate);
  }
  if (validate(body)) return { ok: true, problems: [] };
  return {
    ok: false,
    problems: (validate.errors ?? []).map((error) => `${method} ${template} ${status}: ${error.instancePath || '(body)'} ${error.message ?? ''} ${JSON.stringify(error.params)}`),
  };
}

/** The live feed operation whose `x-live-messages` maps each SSE event name to its data schema. */
export const LIVE_FEED_OPERATION = { path: '/api/v1/events/{slug}/live', method: 'get' } as const;

/** The SSE event names the OpenAPI document describes for the live feeds (`x-live-messages`). */
export function liveMessageNames(): string[] {
  return Object.keys(liveMessageRefs());
}

function liveMessageRefs(): Record<string, string> {
  const { document: doc } = setup();
  const operation = ((doc['paths'] as Json)[LIVE_FEED_OPERATION.path] as Json | undefined)?.[LIVE_FEED_OPERATION.method] as Json | undefined;
  const map = (operation?.['x-live-messages'] ?? {}) as Record<string, { $ref?: unknown }>;
  const refs: Record<string, string> = {};
  for (const [name, schema] of Object.entries(map)) if (typeof schema?.$ref === 'string') refs[name] = schema.$ref;
  return refs;
}

/**
 * Checks one live-feed message (SSE `event:` name and parsed `data:`) against the schema the OpenAPI
 * document gives that event in the live operation's `x-live-messages`. An event the document does
 * not name is a problem too.
 */
export function checkLiveMessage(eventName: string, data: unknown): ContractCheck {
  const { ajv: validator } = setup();
  const ref = liveMessageRefs()[eventName];
  if (!ref) return { ok: false, problems: [`live message ${eventName}: not documented in x-live-messages of ${LIVE_FEED_OPERATION.method.toUpperCase()} ${LIVE_FEED_OPERATION.path}`] };
  const cacheKey = `live|${ref}`;
  let validate = compiled.get(cacheKey);
  if (!validate) {
    validate = validator.compile({ $ref: `${DOC_ID}${ref}` });
    compiled.set(cacheKey, validate);
  }
  if (validate(data)) return { ok: true, problems: [] };
  return {
    ok: false,
    problems: (validate.errors ?? []).map((error) => `live message ${eventName}: ${error.instancePath || '(data)'} ${error.message ?? ''} ${JSON.stringify(error.params)}`),
  };
}
