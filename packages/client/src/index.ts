/**
 * @regatta/client: a typed client of the Regatta API. The types (src/schema.ts) are generated from the
 * OpenAPI document by openapi-typescript (`npm run generate -w @regatta/client`); requests go through
 * openapi-fetch, so paths, parameters, request bodies and response bodies are checked by the compiler.
 *
 *   const api = createRegattaClient('https://regatta.example.org', { key: process.env.REGATTA_KEY });
 *   const { data, error, response } = await api.GET('/api/v1/events/{slug}/standings', { params: { path: { slug } } });
 *
 * Every call resolves (it does not throw on 4xx/5xx): `data` is the typed success body, `error` the
 * typed problem+json body, `response` the raw Response (status, headers such as RateLimit-Remaining).
 */
import createClient, { type Client, type ClientOptions } from 'openapi-fetch';
import type { components, operations, paths } from './schema.js';

export type { components, operations, paths, webhooks } from './schema.js';

/** The named schemas of the document: `Schemas['Event']`, `Schemas['Problem']`, ... */
export type Schemas = components['schemas'];

/**
 * The JSON media types (application/json, application/problem+json): `data` and `error` are typed as
 * the JSON bodies even where an operation also answers CSV, HTML or PDF (the exports, `format=`),
 * which a caller reads from `response` (with `parseAs: 'text'` or `'blob'`).
 */
export type JsonMedia = `${string}/${string}json`;

export type RegattaClient = Client<paths, JsonMedia>;

/** The JSON success body of an operation, by operationId: `SuccessBody<'getEventStandings'>`. */
export type SuccessBody<Id extends keyof operations> = {
  [Status in keyof operations[Id]['responses']]: Status extends 200 | 201 | 202
    ? operations[Id]['responses'][Status] extends { content: { 'application/json': infer Body } }
      ? Body
      : never
    : never;
}[keyof operations[Id]['responses']];

export interface RegattaClientOptions {
  /** An API key (`rgt_...`), sent as `Authorization: Bearer <key>`. */
  key?: string;
  /**
   * A web session for server-side callers: the `Cookie` header value (`regatta_session=<jwt>`, see
   * sessionCookieOf). Browsers send their own cookies; a page on the gateway's origin needs none.
   */
  cookie?: string;
  /** A widget's embed token, sent as `X-Embed-Token` (reads of public events, results and standings). */
  embedToken?: string;
  /** More headers for every request (e.g. `X-Request-Id`). */
  headers?: Record<string, string>;
  /** Another fetch implementation (tests, instrumentation). */
  fetch?: ClientOptions['fetch'];
}

/**
 * A client for the gateway at `baseUrl` (its origin, e.g. `http://127.0.0.1:8080`: the document's paths
 * start with /api/v1). Credentials given here go with every request.
 */
export function createRegattaClient(baseUrl: string, options: RegattaClientOptions = {}): RegattaClient {
  const headers: Record<string, string> = { ...options.headers };
  if (options.key) headers['authorization'] = `Bearer ${options.key}`;
  if (options.cookie) headers['cookie'] = options.cookie;
  if (options.embedToken) headers['x-embed-token'] = options.embedToken;
  return createClient<paths, JsonMedia>({ baseUrl: baseUrl.replace(/\/+$/, ''), headers, ...(options.fetch ? { fetch: options.fetch } : {}) });
}

/** The session cookie (`regatta_session=<jwt>`) a sign-up or login response sets, for `{ cookie }`. */
export function sessionCookieOf(response: Response, name = 'regatta_session'): string | undefined {
  for (const header of response.headers.getSetCookie()) {
    const [pair] = header.split(';');
    if (pair?.startsWith(`${name}=`)) return pair;
  }
  return undefined;
}
