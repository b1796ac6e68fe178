/**
 * The input guard: one check at the edge of every process for input that no route can handle and
 * that would otherwise fail deep inside (a 500 from PostgreSQL or the router):
 *
 * - a path whose percent-encoding does not decode to UTF-8 (`%FF`, `%ZZ`, a bare `%`, overlong
 *   `%C0%AE`): 400 `malformed_path`. Express's router would throw a URIError while decoding a route
 *   parameter;
 * - the NUL character (U+0000) in a decoded path segment, a query parameter (name or value) or the
 *   parsed JSON body (keys and string values, at any depth): 400 `validation_failed` naming each
 *   field like the schema validation does ("path", "query.q", "name", "results.0.notes").
 *   PostgreSQL refuses NUL in text and jsonb;
 * - a JSON body nested deeper than MAX_BODY_DEPTH levels: 400 `validation_failed` (no route accepts
 *   such a body; PostgreSQL's jsonb would fail on it).
 *
 * Pure functions here; createApp (app.ts) mounts `inputGuard()` after the JSON body parser and before
 * the routes. The gateway reuses `isMalformedPath` for its own route matching and public door.
 */
import type { RequestHandler } from 'express';
import { HttpProblem, validationFailed, type FieldError } from './problem.js';

export const NUL_MESSAGE = 'must not contain the NUL character (U+0000)';
/** Deepest nesting a JSON body may have (the root value is level 0). */
export const MAX_BODY_DEPTH = 64;
/** At most this many offending fields are named in one answer; the walk stops there. */
export const MAX_REPORTED_FIELDS = 20;

const NUL = '\u0000';

/** The decoded segments of a raw (still percent-encoded) path; undefined when one does not decode. */
export function decodePathSegments(path: string): string[] | undefined {
  const segments = path.split('/');
  const decoded: string[] = [];
  for (const segment of segments) {
    if (segment.indexOf('%') === -1) {
      decoded.push(segment);
      continue;
    }
    try {
      decoded.push(decodeURIComponent(segment));
    } catch {
      return undefined;
    }
  }
  return decoded;
}

/** True when a raw path's percent-encoding is not valid UTF-8 (what express would throw a URIError on). */
export function isMalformedPath(path: string): boolean {
  return path.indexOf('%') !== -1 && decodePathSegments(path) === undefined;
}

export function malformedPath(): HttpProblem {
  return new HttpProblem(
    400,
    'malformed_path',
    'The request path is not valid percent-encoded UTF-8: every "%" must start an escape such as %20 or %C3%A9.',
  );
}

/** A field name fit for a problem body: a NUL inside a name is shown as the text "\u0000". */
function printable(name: string): string {
  return name.indexOf(NUL) === -1 ? name : name.split(NUL).join('\\u0000');
}

/** "path" when a decoded segment of the raw path contains NUL (a malformed path answers nothing here). */
export function pathNulErrors(path: string): FieldError[] {
  if (path.indexOf('%00') === -1) return [];
  const segments = decodePathSegments(path);
  return segments?.some((segment) => segment.indexOf(NUL) !== -1) ? [{ field: 'path', message: NUL_MESSAGE }] : [];
}

/** "query.<name>" for every query parameter whose name or value (or one of its values) contains NUL. */
export function queryNulErrors(query: unknown): FieldError[] {
  if (!query || typeof query !== 'object') return [];
  const errors: FieldError[] = [];
  for (const [name, value] of Object.entries(query as Record<string, unknown>)) {
    if (errors.length >= MAX_REPORTED_FIELDS) break;
    const values = Array.isArray(value) ? value : [value];
    if (name.indexOf(NUL) !== -1 || values.some((item) => containsNul(item))) errors.push({ field: `query.${printable(name)}`, message: NUL_MESSAGE });
  }
  return errors;
}

function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.indexOf(NUL) !== -1;
  // The "simple" query parser yields strings and arrays of strings; anything nested is walked too.
  if (value && typeof value === 'object') return walkBody(value, 1).length > 0;
  return false;
}

interface Frame {
  value: unknown;
  key: string | undefined;
  parent: Frame | undefined;
  depth: number;
  /** The key itself contains NUL (reported in its place among the values). */
  badKey?: true;
}

function fieldOf(frame: Frame): string {
  const parts: string[] = [];
  for (let at: Frame | undefined = frame; at && at.key !== undefined; at = at.parent) parts.push(printable(at.key));
  return parts.length === 0 ? 'body' : parts.reverse().join('.');
}

/**
 * Walks a parsed JSON body (iteratively: no recursion, whatever the nesting) and names every string
 * value or key containing NUL, as dotted paths ("name", "results.0.notes"; the root value is "body").
 * A body nested deeper than MAX_BODY_DEPTH is refused at the first too-deep value. Stops after
 * `limit` fields. Cost: one visit per value, bounded by the body limit (256kb by default).
 */
export function bodyNulErrors(body: unknown, limit = MAX_REPORTED_FIELDS): FieldError[] {
  return walkBody(body, limit);
}

function walkBody(body: unknown, limit: number): FieldError[] {
  const errors: FieldError[] = [];
  if (body === null || body === undefined) return errors;
  const stack: Frame[] = [{ value: body, key: undefined, parent: undefined, depth: 0 }];
  while (stack.length > 0 && errors.length < limit) {
    const frame = stack.pop()!;
    if (frame.badKey) {
      errors.push({ field: fieldOf(frame), message: NUL_MESSAGE });
      continue;
    }
    const value = frame.value;
    if (typeof value === 'string') {
      if (value.indexOf(NUL) !== -1) errors.push({ field: fieldOf(frame), message: NUL_MESSAGE });
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (frame.depth >= MAX_BODY_DEPTH) {
      errors.push({ field: fieldOf(frame), message: `must not be nested more than ${MAX_BODY_DEPTH} levels deep` });
      break;
    }
    const children: Frame[] = [];
    if (Array.isArray(value)) {
      for (let index = 0; index < value.length; index += 1) children.push({ value: value[index], key: String(index), parent: frame, depth: frame.depth + 1 });
    } else {
      for (const key of Object.keys(value)) {
        if (key.indexOf(NUL) !== -1) children.push({ value: undefined, key, parent: frame, depth: frame.depth + 1, badKey: true });
        else children.push({ value: (value as Record<string, unknown>)[key], key, parent: frame, depth: frame.depth + 1 });
      }
    }
    // Reversed onto the stack so fields are reported in document order.
    for (let index = children.length - 1; index >= 0; index -= 1) stack.push(children[index]!);
  }
  return errors;
}

/**
 * The middleware: malformed path first (400 malformed_path), then NUL in the path, the query and the
 * body (one 400 validation_failed naming every offending field). A URL without "%" can carry neither
 * (a raw NUL never gets past node's HTTP parser), so most requests cost one indexOf.
 */
export function inputGuard(): RequestHandler {
  return (req, _res, next) => {
    const url = req.url;
    let errors: FieldError[] = [];
    if (url.indexOf('%') !== -1) {
      const path = req.path;
      if (isMalformedPath(path)) {
        next(malformedPath());
        return;
      }
      if (url.indexOf('%00') !== -1) {
        errors = pathNulErrors(path);
        const query = url.indexOf('?');
        if (query !== -1 && url.indexOf('%00', query) !== -1) errors.push(...queryNulErrors(req.query));
      }
    }
    const body: unknown = req.body;
    if (body !== undefined && body !== null && (typeof body === 'object' || typeof body === 'string')) {
      errors.push(...bodyNulErrors(body, Math.max(1, MAX_REPORTED_FIELDS - errors.length)));
    }
    if (errors.length > 0) {
      next(validationFailed(errors.slice(0, MAX_REPORTED_FIELDS)));
      return;
    }
    next();
  };
}
