/**
 * The demo user, its API key and the demo club's embed token, and the files that tell the developer
 * how to sign in (.local/demo-credentials.txt, printed by `npm start`, and .local/demo-credentials.json).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GATEWAY, call, expect, log, warn } from './http.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const CREDENTIALS_JSON = join(ROOT, '.local/demo-credentials.json');
const CREDENTIALS_TXT = join(ROOT, '.local/demo-credentials.txt');
const DEMO = { email: 'demo@regatta.dev', password: 'Demo-regatta-2025!', name: 'Dana Demo' };

// ------------------------------------------------------------------------------------------ demo user and key

export async function signIn(): Promise<{ cookie: string; userId: string }> {
  const signup = await call('POST', '/api/v1/auth/signup', DEMO, {});
  if (signup.status === 201 && signup.cookie) {
    log(`created the demo user ${DEMO.email}`);
    return { cookie: signup.cookie, userId: signup.body.data.user.id };
  }
  const login = expect(await call('POST', '/api/v1/auth/login', { email: DEMO.email, password: DEMO.password }, {}), [200], 'login as the demo user');
  if (!login.cookie) throw new Error('login set no session cookie');
  log(`signed in as the existing demo user ${DEMO.email}`);
  return { cookie: login.cookie, userId: login.body.data.user.id };
}

interface SavedCredentials {
  email: string;
  password: string;
  apiKey: string;
  keyId?: string;
  /** The demo club's embed token for the widget (shown once by the API, so kept here). */
  embedToken?: string;
  /** The demo regatta and the federation's ranking list, for the URLs `npm start` prints. */
  demoRegatta?: string;
  demoClub?: string;
  federation?: string;
  rankingListId?: string;
}

export interface CredentialExtras {
  embedToken?: string | undefined;
  demoClub?: string | undefined;
  federation?: string | undefined;
  rankingListId?: string | undefined;
}

/** The demo regatta the printed public URL and widget snippet point at (completed, with results). */
export const DEMO_REGATTA = { slug: 'annapolis-spring-regatta', club: 'Annapolis Harbor Yacht Club' };

export function readSaved(): SavedCredentials | undefined {
  try {
    return JSON.parse(readFileSync(CREDENTIALS_JSON, 'utf8')) as SavedCredentials;
  } catch {
    return undefined;
  }
}

export async function ensureKey(cookie: string): Promise<{ key: string; keyId?: string }> {
  const saved = readSaved();
  if (saved?.apiKey) {
    const probe = await call('GET', '/api/v1/events?limit=1', undefined, { key: saved.apiKey });
    if (probe.status === 200) {
      log('reusing the saved demo API key');
      return { key: saved.apiKey, ...(saved.keyId ? { keyId: saved.keyId } : {}) };
    }
    warn(`the saved API key no longer works (${probe.status}); creating a new one`);
  }
  const created = expect(
    await call('POST', '/api/v1/keys', { name: 'Demo key (seed)', scopes: ['read', 'write', 'register', 'results', 'admin'] }, { cookie }),
    [201],
    'create the demo API key',
  );
  return { key: created.body.data.apiKey, keyId: created.body.data.id };
}

export function writeCredentials(key: string, keyId: string | undefined, extras: CredentialExtras = {}): void {
  mkdirSync(dirname(CREDENTIALS_JSON), { recursive: true });
  const { embedToken, demoClub, federation, rankingListId } = extras;
  const json: SavedCredentials = {
    email: DEMO.email,
    password: DEMO.password,
    apiKey: key,
    ...(keyId ? { keyId } : {}),
    ...(embedToken ? { embedToken } : {}),
    demoRegatta: DEMO_REGATTA.slug,
    ...(demoClub ? { demoClub } : {}),
    ...(federation ? { federation } : {}),
    ...(rankingListId ? { rankingListId } : {}),
  };
  writeFileSync(CREDENTIALS_JSON, `${JSON.stringify(json, null, 2)}\n`, { mode: 0o600 });
  writeFileSync(
    CREDENTIALS_TXT,
    [
      '  Console (the regatta office in the browser):',
      `    Open:           ${GATEWAY}/console/`,
      `    Email:          ${DEMO.email}`,
      `    Password:       ${DEMO.password}`,
      `    Demo regatta:   ${GATEWAY}/console/regattas/${DEMO_REGATTA.slug}`,
      '',
      '  API (programs):',
      `    API key:        ${key}`,
      `    Try it:         curl -H 'Authorization: Bearer ${key}' ${GATEWAY}/api/v1/events`,
      '',
      '  Public results (no sign-in):',
      `    Regattas:       ${GATEWAY}/regattas`,
      `    Demo regatta:   ${GATEWAY}/regattas/${DEMO_REGATTA.slug}/standings`,
      `    Live feed:      curl -N ${GATEWAY}/regattas/${DEMO_REGATTA.slug}/live`,
      ...(embedToken
        ? [
            `    Widget demo:    ${GATEWAY}/embed/v1/demo?event=${DEMO_REGATTA.slug}&token=${embedToken}`,
            '    Widget snippet (paste into a page served from an allowed origin of the token):',
            `      <script src="${GATEWAY}/embed/v1/regatta-widget.js" async></script>`,
            `      <regatta-results event="${DEMO_REGATTA.slug}" token="${embedToken}" view="standings"></regatta-results>`,
          ]
        : []),
      '',
    ].join('\n'),
    { mode: 0o600 },
  );
}


// ------------------------------------------------------------------------------------------ widget

/** The demo club's embed token, allowed on the gateway's own origin (where the widget demo page lives). */
export async function ensureEmbedToken(org: { id: string }): Promise<string> {
  const saved = readSaved();
  if (saved?.embedToken) {
    const probe = await fetch(`${GATEWAY}/api/v1/events/${DEMO_REGATTA.slug}/standings`, { headers: { 'x-embed-token': saved.embedToken } });
    await probe.text();
    if (probe.status === 200) return saved.embedToken;
    warn(`the saved embed token no longer works (${probe.status}); creating a new one`);
  }
  const origin = new URL(GATEWAY).origin;
  const origins = [...new Set([origin, origin.replace('127.0.0.1', 'localhost'), origin.replace('localhost', '127.0.0.1')])];
  const created = expect(await call('POST', '/api/v1/embed-tokens', { organizationId: org.id, name: 'Demo widget (seed)', allowedOrigins: origins }), [201], 'create the demo embed token');
  log(`created the demo club's embed token for ${origins.join(', ')}`);
  return created.body.data.token as string;
}
