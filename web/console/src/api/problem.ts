/**
 * The data layer's error vocabulary. Every refusal of the API is RFC 9457 problem+json with a stable
 * `code`, the `requestId` and, for validation, `errors: [{ field, message }]`. The console turns a
 * response into an ApiError, and an ApiError into messages placed next to the fields they concern
 * (the rest shown above the form, with the request id).
 */
export interface ProblemBody {
  type?: string;
  title?: string;
  status?: number;
  detail?: string;
  code?: string;
  requestId?: string;
  errors?: Array<{ field: string; message: string }>;
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly requestId: string | undefined;
  readonly fieldErrors: Array<{ field: string; message: string }>;

  constructor(status: number, problem: ProblemBody, requestId?: string) {
    super(problem.detail ?? problem.title ?? `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.code = problem.code ?? (status === 0 ? 'network_error' : `http_${status}`);
    this.requestId = problem.requestId ?? requestId;
    this.fieldErrors = Array.isArray(problem.errors) ? problem.errors.filter((e) => typeof e?.field === 'string') : [];
  }
}

/** A request that never got an answer (offline, connection dropped): status 0, code network_error. */
export function networkError(cause: unknown): ApiError {
  const error = new ApiError(0, { code: 'network_error', detail: cause instanceof Error ? cause.message : String(cause) });
  return error;
}

/** Builds the ApiError of a non-2xx response from its (possibly absent or non-JSON) body. */
export function toApiError(status: number, body: unknown, headers?: { get(name: string): string | null }): ApiError {
  const problem: ProblemBody = body && typeof body === 'object' ? (body as ProblemBody) : { detail: typeof body === 'string' && body ? body : undefined };
  return new ApiError(status, problem, headers?.get('x-request-id') ?? undefined);
}

export interface PlacedErrors {
  /** Messages for fields the form has, by the form's field name. */
  fields: Record<string, string>;
  /** Messages for fields the form does not show (or for the whole request). */
  general: string[];
}

/**
 * Places a refusal's field errors on a form's fields. The API names body fields by their dotted path
 * (`entryWindow.opens`, `body.name` or `name`); `aliases` maps an API path to the form's own name
 * where they differ. Errors for unknown fields stay general so nothing the API said is hidden.
 */
export function placeFieldErrors(error: ApiError, formFields: readonly string[], aliases: Record<string, string> = {}): PlacedErrors {
  const known = new Set(formFields);
  const fields: Record<string, string> = {};
  const general: string[] = [];
  for (const { field, message } of error.fieldErrors) {
    const path = field.replace(/^body\./, '').replace(/\[(\d+)\]/g, '.$1');
    const name = aliases[path] ?? path;
    const target = known.has(name) ? name : formFields.find((candidate) => name.startsWith(`${candidate}.`));
    if (target !== undefined && fields[target] === undefined) fields[target] = message;
    else if (target === undefined) general.push(`${field}: ${message}`);
  }
  return { fields, general };
}
