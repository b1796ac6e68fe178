/**
 * A small HTTP client for end-to-end tests through the gateway. Every response is checked against
 * the OpenAPI document (documented status, body matching its schema) unless `contract: false`.
 */
import { checkResponse } from './contract.js';

export interface RequestOptions {
  body?: unknown;
  /** Raw body text (sent as-is). */
  rawBody?: string;
  query?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
  /** Bearer API key. */
  key?: string;
  /** Session cookie value (the whole "name=value"). */
  cookie?: string;
  contract?: boolean;
}

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export class ContractViolation extends Error {}

export class ApiClient {
  constructor(
    readonly baseUrl: string,
    private readonly defaults: { key?: string; cookie?: string } = {},
  ) {}

  with(defaults: { key?: string; cookie?: string }): ApiClient {
    return new ApiClient(this.baseUrl, defaults);
  }

  async request<T = any>(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    const url = new URL(path, this.baseUrl);
    for (const [name, value] of Object.entries(options.query ?? {})) if (value !== undefined) url.searchParams.set(name, String(value));
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    const key = options.key ?? this.defaults.key;
    const cookie = options.cookie ?? this.defaults.cookie;
    if (key && !headers['authorization']) headers['authorization'] = `Bearer ${key}`;
    if (cookie) headers['cookie'] = cookie;
    let body: string | undefined;
    if (options.rawBody !== undefined) body = options.rawBody;
    else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(url, { method, headers, ...(body !== undefined ? { body } : {}), redirect: 'manual' });
    const text = await response.text();
    let parsed: unknown = text;
    const contentType = response.headers.get('content-type');
    if (contentType && /json/.test(contentType) && text.length > 0) parsed = JSON.parse(text);
    if (options.contract !== false && url.pathname.startsWith('/api/')) {
      const check = checkResponse(method, url.pathname, response.status, contentType, parsed);
      if (!check.ok) throw new ContractViolation(`response breaks the OpenAPI document:\n  ${check.problems.join('\n  ')}\nbody: ${text.slice(0, 800)}`);
    }
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  }

  get<T = any>(path: string, options?: RequestOptions) {
    return this.request<T>('GET', path, options);
  }
  post<T = any>(path: string, body?: unknown, options: RequestOptions = {}) {
    return this.request<T>('POST', path, { ...options, body });
  }
  put<T = any>(path: string, body?: unknown, options: RequestOptions = {}) {
    return this.request<T>('PUT', path, { ...options, body });
  }
  patch<T = any>(path: string, body?: unknown, options: RequestOptions = {}) {
    return this.request<T>('PATCH', path, { ...options, body });
  }
  delete<T = any>(path: string, options?: RequestOptions) {
    return this.request<T>('DELETE', path, options);
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
