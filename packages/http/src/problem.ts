/**
 * RFC 9457 problem details. Every error leaving a process has a stable machine `code`, the request id
 * and, for validation failures, one entry per offending field.
 */
export interface FieldError {
  field: string;
  message: string;
}

export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance?: string;
  code: string;
  requestId?: string;
  errors?: FieldError[];
  [extension: string]: unknown;
}

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';
const TYPE_BASE = 'https://regatta.dev/problems/';

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export function titleFor(status: number): string {
  return TITLES[status] ?? 'Error';
}

/** An error that maps to a problem+json response. Throw it from handlers. */
export class HttpProblem extends Error {
  readonly status: number;
  readonly code: string;
  readonly errors: FieldError[] | undefined;
  readonly extensions: Record<string, unknown>;
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    code: string,
    detail: string,
    options: { errors?: FieldError[]; extensions?: Record<string, unknown>; headers?: Record<string, string> } = {},
  ) {
    super(detail);
    this.name = 'HttpProblem';
    this.status = status;
    this.code = code;
    this.errors = options.errors;
    this.extensions = options.extensions ?? {};
    this.headers = options.headers ?? {};
  }

  toBody(instance?: string, requestId?: string): ProblemBody {
    return problemBody(this.status, this.code, this.message, { instance, requestId, errors: this.errors, extensions: this.extensions });
  }
}

export function problemBody(
  status: number,
  code: string,
  detail: string,
  options: { instance?: string | undefined; requestId?: string | undefined; errors?: FieldError[] | undefined; extensions?: Record<string, unknown> } = {},
): ProblemBody {
  const body: ProblemBody = {
    type: TYPE_BASE + code.replace(/_/g, '-'),
    title: titleFor(status),
    status,
    detail,
    code,
    ...(options.extensions ?? {}),
  };
  if (options.instance !== undefined) body.instance = options.instance;
  if (options.requestId !== undefined) body.requestId = options.requestId;
  if (options.errors && options.errors.length > 0) body.errors = options.errors;
  return body;
}

export const badRequest = (code: string, detail: string, errors?: FieldError[]) =>
  new HttpProblem(400, code, detail, errors ? { errors } : {});
export const validationFailed = (errors: FieldError[], detail = 'The request is not valid.') =>
  new HttpProblem(400, 'validation_failed', detail, { errors });
export const unauthorized = (code = 'unauthorized', detail = 'Credentials are absent or not accepted.') =>
  new HttpProblem(401, code, detail);
export const forbidden = (code: string, detail: string, extensions?: Record<string, unknown>) =>
  new HttpProblem(403, code, detail, extensions ? { extensions } : {});
export const notFound = (what: string) => new HttpProblem(404, 'not_found', `${what} was not found.`);
export const conflict = (code: string, detail: string) => new HttpProblem(409, code, detail);
