/** The seed's HTTP client: every call goes through the gateway's public API (GATEWAY_URL), as the demo user. */

export const GATEWAY = (process.env['GATEWAY_URL'] ?? 'http://127.0.0.1:8080').replace(/\/$/, '');

// ------------------------------------------------------------------------------------------ http

export interface Reply {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  cookie?: string | undefined;
}

// The demo user's web session does the seeding: sessions are not counted against a key's hourly
// limit, so restarting `npm start` never uses up the demo key printed for the developer.
let sessionCookie = '';

export function useSession(cookie: string): void {
  sessionCookie = cookie;
}

export async function call(method: string, path: string, body?: unknown, auth: { key?: string; cookie?: string } = { cookie: sessionCookie }): Promise<Reply> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (auth.key) headers['authorization'] = `Bearer ${auth.key}`;
  if (auth.cookie) headers['cookie'] = auth.cookie;
  for (let attempt = 1; ; attempt += 1) {
    const response = await fetch(`${GATEWAY}${path}`, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
    const text = await response.text();
    const parsed = text && /json/.test(response.headers.get('content-type') ?? '') ? JSON.parse(text) : text;
    if ((response.status === 502 || response.status === 503) && attempt < 5) {
      await sleep(500 * attempt);
      continue;
    }
    const setCookie = response.headers.getSetCookie().find((header) => header.startsWith('regatta_session='));
    return { status: response.status, body: parsed, cookie: setCookie?.split(';')[0] };
  }
}

export function expect(reply: Reply, statuses: number[], what: string): Reply {
  if (!statuses.includes(reply.status)) throw new Error(`${what}: ${reply.status} ${JSON.stringify(reply.body).slice(0, 500)}`);
  return reply;
}

/** Retries while another service has not yet seen a just-created resource (its projection lags). */
export async function eventually(action: () => Promise<Reply>, retryOn: number[], what: string, attempts = 20): Promise<Reply> {
  let reply = await action();
  for (let attempt = 1; attempt < attempts && retryOn.includes(reply.status); attempt += 1) {
    await sleep(300);
    reply = await action();
  }
  return reply;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const log = (message: string) => process.stdout.write(`seed: ${message}\n`);
export const warn = (message: string) => process.stdout.write(`seed: WARNING ${message}\n`);
