/**
 * The HTTP client of the end-to-end tests. Every request goes through @regatta/client, the typed
 * client generated from the OpenAPI document (openapi-typescript + openapi-fetch): the test names a
 * concrete path (`/api/v1/events/${slug}/standings`), this client finds the documented path template
 * and its parameters, and the generated client builds and sends the request from them. So:
 *  - at compile time, each path must match a documented operation of that method segment by segment
 *    (`ApiPath`, with `${...}` only where the template has a parameter;
 *    packages/client/src/generated.test.ts runs tsc over the end-to-end tests);
 *  - at run time, a path or method the document lacks fails the test (ContractViolation), and every
 *    response is checked against the document: documented status, body matching its schema.
 *
 * `contract: false` is for probes a typed client cannot express on purpose (malformed encodings,
 * undocumented paths or methods, raw bodies of the wrong type): they are sent as they are, unchecked.
 */
import { createRegattaClient, type paths, type RegattaClient } from '@regatta/client';
import { checkResponse, findPathTemplate } from './contract.js';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The documented path templates that have an operation for `Method`. */
export type DocumentedPath<Method extends HttpMethod> = {
  [Path in keyof paths]: paths[Path][Method] extends undefined ? never : Path;
}[keyof paths];

/** A path's segments: `/api/v1/events/${string}` → ['', 'api', 'v1', 'events', string]. */
type Segments<Path extends string> = Path extends `${infer Head}/${infer Tail}` ? [Head, ...Segments<Tail>] : [Path];

/** A template segment with a `{parameter}` takes any segment; a literal one only itself. */
type SegmentFits<Segment extends string, TemplateSegment extends string> = TemplateSegment extends `${string}{${string}}${string}`
  ? true
  : [Segment] extends [TemplateSegment]
    ? true
    : false;

type SegmentsFit<Path extends string[], Template extends string[]> = Path extends [infer P extends string, ...infer PathRest extends string[]]
  ? Template extends [infer T extends string, ...infer TemplateRest extends string[]]
    ? SegmentFits<P, T> extends true
      ? SegmentsFit<PathRest, TemplateRest>
      : false
    : false
  : Template extends []
    ? true
    : false;

/** true when some documented template of `Method` fits `Path` segment by segment. */
type Documented<Path extends string, Method extends HttpMethod> = true extends (DocumentedPath<Method> extends infer Template extends string ? (Template extends string ? SegmentsFit<Segments<Path>, Segments<Template>> : never) : never)
  ? true
  : false;

/**
 * `Path` itself when it is a concrete path of a documented operation of `Method` (each `${...}` only
 * where the template has a parameter), else a message the compiler prints in its error.
 */
export type ApiPath<Path extends string, Method extends HttpMethod> = Documented<Path, Method> extends true ? Path : `no documented ${Uppercase<Method>} operation has the path ${Path}`;

export type MethodName = Uppercase<HttpMethod>;

export interface RequestOptions {
  body?: unknown;
  /** Raw body text or bytes (sent as-is, with the content type given in `headers` or application/json). */
  rawBody?: string | Uint8Array;
  query?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
  /** Bearer API key. */
  key?: string;
  /** Session cookie value (the whole "name=value"). */
  cookie?: string;
  /** false: send as-is with fetch, not through the typed client, and do not check the response. */
  contract?: boolean;
}

/** Options of a probe sent outside the contract. */
export type UncheckedOptions = RequestOptions & { contract: false };

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export class ContractViolation extends Error {}

/** Statuses whose responses carry no body (the Response constructor refuses one). */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

interface Received {
  original: Response;
  text: string;
}

/**
 * The transport under the generated client: it sends the request openapi-fetch built (without
 * following redirects) and keeps the original response and its text for the test, handing
 * openapi-fetch a copy to parse.
 */
function capturingFetch(received: WeakMap<Response, Received>) {
  return async (input: Request): Promise<Response> => {
    const original = await fetch(input, { redirect: 'manual' });
    const text = await original.text();
    const copy = new Response(NULL_BODY_STATUSES.has(original.status) ? null : text, {
      status: original.status,
      statusText: original.statusText,
      headers: original.headers,
    });
    received.set(copy, { original, text });
    return copy;
  };
}

/** The template's parameters, read from the concrete path (`{slug}` in `/events/{slug}` ← `/events/kiel-week`). */
function pathParameters(template: string, path: string): Record<string, string> {
  const parameters: Record<string, string> = {};
  const templateParts = template.split('/');
  const pathParts = path.split('/');
  templateParts.forEach((part, index) => {
    const names = [...part.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
    if (names.length === 0) return;
    const pattern = new RegExp(`^${part.split(/\{[^}]+\}/).map((literal) => literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('(.+?)')}$`);
    const values = pattern.exec(pathParts[index] ?? '')?.slice(1) ?? [];
    names.forEach((name, position) => {
      const value = values[position] ?? '';
      try {
        parameters[name] = decodeURIComponent(value);
      } catch {
        throw new ContractViolation(`${path}: parameter ${name} is not valid percent-encoding; send such probes with { contract: false }`);
      }
    });
  });
  return parameters;
}

export class ApiClient {
  private readonly received = new WeakMap<Response, Received>();
  private readonly typed: RegattaClient;

  constructor(
    readonly baseUrl: string,
    private readonly defaults: { key?: string; cookie?: string } = {},
  ) {
    this.typed = createRegattaClient(baseUrl, { fetch: capturingFetch(this.received) });
  }

  with(defaults: { key?: string; cookie?: string }): ApiClient {
    return new ApiClient(this.baseUrl, defaults);
  }

  request<T = any>(method: string, path: string, options: UncheckedOptions): Promise<ApiResponse<T>>;
  request<T = any, M extends MethodName = MethodName, P extends string = string>(method: M, path: ApiPath<P, Lowercase<M>>, options?: RequestOptions): Promise<ApiResponse<T>>;
  async request<T = any>(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    const key = options.key ?? this.defaults.key;
    const cookie = options.cookie ?? this.defaults.cookie;
    if (key && !headers['authorization']) headers['authorization'] = `Bearer ${key}`;
    if (cookie) headers['cookie'] = cookie;
    if (options.contract === false) return this.unchecked<T>(method, path, options, headers);

    const [pathname, search] = path.split('?') as [string, string | undefined];
    const template = findPathTemplate(pathname);
    if (!template) throw new ContractViolation(`${method} ${pathname}: no path of the OpenAPI document matches (send probes with { contract: false })`);
    const query: Record<string, string> = Object.fromEntries(new URLSearchParams(search ?? ''));
    for (const [name, value] of Object.entries(options.query ?? {})) if (value !== undefined) query[name] = String(value);
    const init: Record<string, unknown> = { params: { path: pathParameters(template, pathname), query }, headers };
    // The answer is read from the captured text below; openapi-fetch must not parse it (CSV, HTML, PDF exports are not JSON).
    init['parseAs'] = 'text';
    if (options.rawBody !== undefined) {
      init['body'] = options.rawBody;
      init['bodySerializer'] = (raw: string | Uint8Array) => raw;
      headers['content-type'] ??= 'application/json';
    } else if (options.body !== undefined) init['body'] = options.body;
    // The generated client is typed per path; here the template is only known at run time.
    const send = this.typed.request as unknown as (method: string, url: string, init: unknown) => Promise<{ response: Response }>;
    const { response } = await send(method.toLowerCase(), template, init);
    const received = this.received.get(response);
    if (!received) throw new Error(`${method} ${path}: the response did not come through the client's transport`);
    const answer = this.answer<T>(received.original, received.text);
    const check = checkResponse(method, pathname, answer.status, received.original.headers.get('content-type'), answer.body);
    if (!check.ok) throw new ContractViolation(`response breaks the OpenAPI document:\n  ${check.problems.join('\n  ')}\nbody: ${received.text.slice(0, 800)}`);
    return answer;
  }

  private async unchecked<T>(method: string, path: string, options: RequestOptions, headers: Record<string, string>): Promise<ApiResponse<T>> {
    const url = new URL(path, this.baseUrl);
    for (const [name, value] of Object.entries(options.query ?? {})) if (value !== undefined) url.searchParams.set(name, String(value));
    let body: string | Uint8Array | undefined;
    if (options.rawBody !== undefined) body = options.rawBody;
    else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    // A byte body (a file upload) is sent as it is; fetch's BodyInit wants an ArrayBuffer-backed view.
    const sent = body instanceof Uint8Array ? (body as Uint8Array<ArrayBuffer>) : body;
    const response = await fetch(url, { method, headers, ...(sent !== undefined ? { body: sent } : {}), redirect: 'manual' });
    return this.answer<T>(response, await response.text());
  }

  private answer<T>(response: Response, text: string): ApiResponse<T> {
    let parsed: unknown = text;
    const contentType = response.headers.get('content-type');
    if (contentType && /json/.test(contentType) && text.length > 0) parsed = JSON.parse(text);
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  }

  get<T = any>(path: string, options: UncheckedOptions): Promise<ApiResponse<T>>;
  get<T = any, P extends string = string>(path: ApiPath<P, 'get'>, options?: RequestOptions): Promise<ApiResponse<T>>;
  get<T = any>(path: string, options?: RequestOptions) {
    return this.request<T>('GET', path, options as UncheckedOptions);
  }
  post<T = any>(path: string, body: unknown, options: UncheckedOptions): Promise<ApiResponse<T>>;
  post<T = any, P extends string = string>(path: ApiPath<P, 'post'>, body?: unknown, options?: RequestOptions): Promise<ApiResponse<T>>;
  post<T = any>(path: string, body?: unknown, options: RequestOptions = {}) {
    return this.request<T>('POST', path, { ...options, body } as UncheckedOptions);
  }
  put<T = any>(path: string, body: unknown, options: UncheckedOptions): Promise<ApiResponse<T>>;
  put<T = any, P extends string = string>(path: ApiPath<P, 'put'>, body?: unknown, options?: RequestOptions): Promise<ApiResponse<T>>;
  put<T = any>(path: string, body?: unknown, options: RequestOptions = {}) {
    return this.request<T>('PUT', path, { ...options, body } as UncheckedOptions);
  }
  patch<T = any>(path: string, body: unknown, options: UncheckedOptions): Promise<ApiResponse<T>>;
  patch<T = any, P extends string = string>(path: ApiPath<P, 'patch'>, body?: unknown, options?: RequestOptions): Promise<ApiResponse<T>>;
  patch<T = any>(path: string, body?: unknown, options: RequestOptions = {}) {
    return this.request<T>('PATCH', path, { ...options, body } as UncheckedOptions);
  }
  delete<T = any>(path: string, options: UncheckedOptions): Promise<ApiResponse<T>>;
  delete<T = any, P extends string = string>(path: ApiPath<P, 'delete'>, options?: RequestOptions): Promise<ApiResponse<T>>;
  delete<T = any>(path: string, options?: RequestOptions) {
    return this.request<T>('DELETE', path, options as UncheckedOptions);
  }
}

/** Extracts "name=value" of the session cookie from a response. */
export function sessionCookieOf(response: ApiResponse, name = 'regatta_session'): string | undefined {
  for (const header of response.headers.getSetCookie()) {
    const [pair] = header.split(';');
    if (pair?.startsWith(`${name}=`)) return pair;
  }
  return undefined;
}

/** Polls `probe` until it returns a value other than undefined, or fails after timeoutMs. */
export async function eventually<T>(probe: () => Promise<T | undefined>, timeoutMs = 5_000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
