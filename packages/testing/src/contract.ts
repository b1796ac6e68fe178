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

function pointerEscape(part: string): string {
  return part.replace(/~/g, '~0').replace(/\//g, '~1');
}

function resolveRef(doc: Json, ref: string): Json {
  const parts = ref.replace(/^#\//, '').split('/').map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  let node: unknown = doc;
  for (const part of parts) node = (node as Json)[part];
  return node as Json;
}

/** Finds the documented path template that matches a concrete path. */
export function findPathTemplate(path: string): string | undefined {
  const { document: doc } = setup();
  const segments = path.split('?')[0]!.split('/').filter(Boolean);
  const templates = Object.keys((doc['paths'] ?? {}) as Json);
  const candidates = templates.filter((template) => {
    const parts = template.split('/').filter(Boolean);
    return parts.length === segments.length && parts.every((part, index) => /^\{.+\}$/.test(part) || part === segments[index]);
  });
  // Literal segments win over parameters.
  candidates.sort((a, b) => b.split('/').filter((p) => !p.startsWith('{')).length - a.split('/').filter((p) => !p.startsWith('{')).length);
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
