/**
 * Which representation a GET asks for: `?format=json|csv|html|pdf` wins; without it the Accept header
 * decides among the media types named explicitly (q-values honoured, a tie goes to JSON); wildcards,
 * types the route cannot produce and no Accept at all keep JSON, as before exports existed (the
 * contract promises JSON and never a 406). An unknown or repeated `format` is the same 400
 * `validation_failed` as any other query parameter outside its schema.
 */
import { validationFailed } from '@regatta/http';

export const EXPORT_FORMATS = ['json', 'csv', 'html', 'pdf'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const MEDIA_TYPES: Record<ExportFormat, string> = {
  json: 'application/json',
  csv: 'text/csv',
  html: 'text/html',
  pdf: 'application/pdf',
};

const BY_MEDIA_TYPE = new Map(Object.entries(MEDIA_TYPES).map(([format, type]) => [type, format as ExportFormat]));

function isFormat(value: string): value is ExportFormat {
  return (EXPORT_FORMATS as readonly string[]).includes(value);
}

/** The `format` query parameter: undefined when absent, else a known format or a 400. */
export function formatParameter(value: unknown): ExportFormat | undefined {
  if (value === undefined) return undefined;
  const text = typeof value === 'string' ? value.trim().toLowerCase() : undefined;
  if (text === undefined || !isFormat(text)) {
    throw validationFailed([{ field: 'query.format', message: `must be one of ${EXPORT_FORMATS.join(', ')}` }]);
  }
  return text;
}

/**
 * The `format` parameter as JSON Schema, for the check of a route's query parameters against the
 * document (`@regatta/openapi` documentedQueryDifferences): the formats formatParameter accepts, JSON
 * when absent.
 */
export const FORMAT_PARAMETER_SCHEMA = { type: 'string', enum: [...EXPORT_FORMATS], default: 'json' } as const;

/** The format an Accept header prefers (JSON unless an export type is named with a higher q). */
export function acceptedFormat(accept: string | undefined): ExportFormat {
  if (!accept) return 'json';
  let best: { format: ExportFormat; q: number } = { format: 'json', q: 0 };
  let jsonQ = 0;
  for (const range of accept.split(',')) {
    const [typePart, ...params] = range.split(';');
    const type = typePart!.trim().toLowerCase();
    const qParam = params.map((p) => p.trim().toLowerCase()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    if (type === '*/*' || type === 'application/*' || type === 'application/json') {
      jsonQ = Math.max(jsonQ, q);
      continue;
    }
    const format = BY_MEDIA_TYPE.get(type);
    if (format && q > best.q) best = { format, q };
  }
  return best.q > jsonQ ? best.format : 'json';
}

/** `format` first, then Accept. */
export function requestedFormat(query: Record<string, unknown>, accept: string | undefined): ExportFormat {
  return formatParameter(query['format']) ?? acceptedFormat(accept);
}
