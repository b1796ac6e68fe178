/**
 * The public contract as one OpenAPI 3.1 document, merged from spec/*.yaml (load.ts), and what is
 * derived from it: the HTML operation index of the reference page, and the check of a service's
 * request parsers against the document (request bodies: request-shape.ts; query parameters:
 * query-shape.ts).
 */
import { loadOpenApiDocument } from './load.js';

export { loadOpenApiDocument, specDir } from './load.js';
export { documentedRequestDifferences, requestBodySchema, shapeDifferences } from './request-shape.js';
export { documentedQueryDifferences, queryDifferences, queryOperationsOf, queryParametersSchema } from './query-shape.js';

type Json = Record<string, unknown>;

/**
 * Every operation of the document as one HTML table (method, path, summary, scopes). The gateway's
 * interactive reference (/api/v1/docs, gateway/src/docs.ts) shows it to clients without JavaScript.
 */
export function operationIndexHtml(document: Json = loadOpenApiDocument()): string {
  const paths = (document['paths'] ?? {}) as Record<string, Record<string, { summary?: string; 'x-required-scopes'?: string[] }>>;
  const rows = Object.entries(paths)
    .flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
        .map(
          ([method, operation]) =>
            `<tr><td><code>${method.toUpperCase()}</code></td><td><code>${escapeHtml(path)}</code></td><td>${escapeHtml(operation.summary ?? '')}</td><td>${escapeHtml((operation['x-required-scopes'] ?? []).join(', '))}</td></tr>`,
        ),
    )
    .join('\n');
  return `<table><thead><tr><th>Method</th><th>Path</th><th>Summary</th><th>Scopes</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
