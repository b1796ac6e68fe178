/**
 * The embeddable widget (assets/regatta-widget.js) and its demo page (embed-demo.views.ts, each language):
 * size, no third-party requests, valid JavaScript, and the element's behaviour in a minimal fake DOM
 * (fetch, EventSource and custom elements stubbed; no browser needed).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { LANGUAGES, localeOf } from '../i18n/locale.js';
import { embedDemoPage } from './embed-demo.views.js';
import { widgetScript, widgetWords } from './widget-script.js';

const assetsDir = fileURLToPath(new URL('../../assets/', import.meta.url));
const raw = readFileSync(assetsDir + 'regatta-widget.js', 'utf8');
/** The script as served: the asset with its words filled in. */
const source = widgetScript(raw);
const demos = LANGUAGES.map((lang) => embedDemoPage(localeOf(lang)));

test('the widget gzips to under 25 KB', () => {
  const size = gzipSync(Buffer.from(source)).length;
  assert.ok(size < 25 * 1024, `gzip size ${size} bytes`);
});

test('the widget names no absolute http(s) URL (no third-party requests)', () => {
  assert.doesNotMatch(source, /https?:\/\//i);
  assert.doesNotMatch(source, /\bimport\s*\(|importScripts|XMLHttpRequest/);
});

test('the widget parses as a classic script', () => {
  assert.doesNotThrow(() => new Function(source));
});

test('the served widget carries its words in English and German, the same keys in both', () => {
  const words = widgetWords();
  assert.deepEqual(Object.keys(words), ['en', 'de']);
  assert.deepEqual(Object.keys(words.de).sort(), Object.keys(words.en).sort());
  assert.equal(words.en['widget.noResults'], 'No results yet.');
  assert.equal(words.de['widget.noResults'], 'Noch keine Ergebnisse.');
  assert.equal(words.de['entries.caption_one'], '{{fleet}}: {{count}} Meldung');
  assert.equal(words.de['terms.raceStatus.scheduled'], 'angesetzt');
  assert.ok(source.includes(JSON.stringify(words)), 'the words are in the served script');
  assert.ok(!raw.includes('Noch keine'), 'the asset itself holds no words');
  // Every English text the widget once had in its code is now a message.
  for (const text of ['Loading', 'No results yet', 'Too many requests', 'was not found or is not public', 'Race schedule']) assert.ok(!raw.includes(text), text);
});

test('the demo page is self-contained and accessible in structure', () => {
  for (const demo of demos) {
    assert.match(demo, /<html lang="[a-z]{2}/);
    assert.match(demo, /<title>[^<]+<\/title>/);
    assert.equal(demo.match(/<h1[\s>]/g)?.length, 1);
    assert.match(demo, /<script src="\/embed\/v1\/regatta-widget\.js" async><\/script>/);
    assert.match(demo, /\{ORIGIN\}(<\/span>)?\/embed\/v1\/regatta-widget\.js/);
    assert.match(demo, /location\.origin/);
    assert.doesNotMatch(demo, /(src|href)\s*=\s*["']?(https?:)?\/\//i, 'no external resources');
    assert.doesNotMatch(demo, /@import|url\(\s*["']?(https?:)?\/\//i);
    for (const [, id] of demo.matchAll(/<(?:input|select|textarea)[^>]*\bid="([^"]+)"/g)) {
      assert.match(demo, new RegExp(`<label[^>]*for="${id}"`), `field ${id} has a label`);
    }
  }
});

// ---------------------------------------------------------------------------------------------
// Behaviour in a fake DOM.

const API = 'https://api.example.test';
const PAGE_ORIGIN = 'https://club.example.org';
const TOKEN = 'rgt_embed_SECRETtokenValue123';

interface Call { url: string; init: RequestInit }
type Responder = (url: string) => Response | Promise<Response>;

class FakePart {
  textContent = '';
  innerHTML = '';
}

class FakeShadowRoot {
  innerHTML = '';
  parts = new Map<string, FakePart>();
  querySelector(selector: string): FakePart {
    if (!this.parts.has(selector)) this.parts.set(selector, new FakePart());
    return this.parts.get(selector)!;
  }
  get text(): string {
    return [this.innerHTML, ...[...this.parts.values()].map((part) => part.textContent + part.innerHTML)].join('\n');
  }
}

class FakeEventSource {
  static instances: FakeEventSource[] = [];
  readyState = 0;
  closed = false;
  listeners = new Map<string, ((event: { type: string }) => void)[]>();
  constructor(public url: string) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, listener: (event: { type: string }) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  emit(type: string) {
    for (const listener of this.listeners.get(type) ?? []) listener({ type });
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
}

interface WidgetElement extends EventTarget {
  shadowRoot: FakeShadowRoot;
  dataset: Record<string, string>;
  setAttribute(name: string, value: string): void;
  connect(): void;
  disconnect(): void;
}

const calls: Call[] = [];
let responder: Responder = () => new Response('{}');
const saved: Record<string, unknown> = {};
let Widget: new () => WidgetElement;

before(() => {
  for (const name of ['HTMLElement', 'customElements', 'document', 'location', 'fetch', 'EventSource', 'console']) {
    saved[name] = (globalThis as Record<string, unknown>)[name];
  }
  const registry = new Map<string, unknown>();
  class FakeHTMLElement extends EventTarget {
    attributes = new Map<string, string>();
    dataset: Record<string, string> = {};
    shadowRoot: FakeShadowRoot | null = null;
    isConnected = false;
    attachShadow() {
      this.shadowRoot = new FakeShadowRoot();
      return this.shadowRoot;
    }
    getAttribute(name: string) {
      return this.attributes.get(name) ?? null;
    }
    setAttribute(name: string, value: string) {
      const old = this.getAttribute(name);
      this.attributes.set(name, value);
      const self = this as unknown as { attributeChangedCallback?: (n: string, o: string | null, v: string) => void };
      self.attributeChangedCallback?.(name, old, value);
    }
    connect() {
      this.isConnected = true;
      (this as unknown as { connectedCallback(): void }).connectedCallback();
    }
    disconnect() {
      this.isConnected = false;
      (this as unknown as { disconnectedCallback(): void }).disconnectedCallback();
    }
  }
  const g = globalThis as Record<string, unknown>;
  g['HTMLElement'] = FakeHTMLElement;
  g['customElements'] = { get: (name: string) => registry.get(name), define: (name: string, ctor: unknown) => registry.set(name, ctor) };
  g['document'] = { currentScript: { src: `${API}/embed/v1/regatta-widget.js` } };
  g['location'] = { origin: PAGE_ORIGIN, href: `${PAGE_ORIGIN}/results.html` };
  g['EventSource'] = FakeEventSource;
  g['fetch'] = async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return responder(url);
  };
  const logged: string[] = [];
  g['console'] = { ...console, warn: (...args: unknown[]) => logged.push(args.join(' ')), log: (...args: unknown[]) => logged.push(args.join(' ')) };
  saved['logged'] = logged;
  new Function(source)();
  Widget = registry.get('regatta-results') as new () => WidgetElement;
});

after(() => {
  for (const [name, value] of Object.entries(saved)) if (name !== 'logged') (globalThis as Record<string, unknown>)[name] = value;
});

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

function nextEvent(element: EventTarget, type: string): Promise<CustomEvent> {
  return new Promise((resolve) => element.addEventListener(type, (event) => resolve(event as CustomEvent), { once: true }));
}

function widget(attributes: Record<string, string>): WidgetElement {
  const element = new Widget();
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  return element;
}

const standings = {
  data: {
    event: { id: 'e1', slug: 'spring-cup', name: 'Spring Cup' },
    scoringSystem: { type: 'low_point', drops: 1, appliedDrops: 1 },
    fleets: [
      { id: 'f1', name: 'J/70', scoringSystem: { type: 'low_point', drops: 1, appliedDrops: 1 }, handicapSystem: 'one_design', racesCompleted: 2, provisional: true },
      { id: 'f2', name: 'PHRF A', scoringSystem: { type: 'low_point', drops: 0, appliedDrops: 0 }, handicapSystem: 'phrf_tot', racesCompleted: 1, provisional: false },
    ],
    standings: [
      {
        position: 1, boat: { id: 'b1', name: 'Blue <Note>', sail: 'USA 1' }, skipper: 'Ann', fleet: 'J/70', fleetId: 'f1',
        totalPoints: 13, netPoints: 1, racesCompleted: 2,
        raceResults: [{ race: 1, raceId: 'r1', points: 1, dropped: false, code: null }, { race: 2, raceId: 'r2', points: 12, dropped: true, code: null }],
      },
      {
        position: 2, boat: { id: 'b2', name: 'Red', sail: 'USA 2' }, skipper: null, fleet: 'J/70', fleetId: 'f1',
        totalPoints: 10, netPoints: 2, racesCompleted: 2,
        raceResults: [{ race: 1, raceId: 'r1', points: 8, dropped: true, code: 'DNF' }, { race: 2, raceId: 'r2', points: 2, dropped: false, code: null }],
      },
      {
        position: 1, boat: { id: 'b3', name: 'Gale', sail: '42' }, skipper: 'Cy', fleet: 'PHRF A', fleetId: 'f2',
        totalPoints: 8, netPoints: 8, racesCompleted: 1,
        raceResults: [{ race: 1, raceId: 'r3', points: 8, dropped: false, code: 'DNF' }],
      },
    ],
  },
};

describe('<regatta-results> in a fake DOM', () => {
  test('standings: token header, CORS fetch, accessible table, drops in brackets, codes, provisional label', async () => {
    calls.length = 0;
    responder = () => json(standings);
    const element = widget({ event: 'spring-cup', token: TOKEN, view: 'standings' });
    const updated = nextEvent(element, 'regatta:updated');
    element.connect();
    assert.equal(element.dataset['state'], 'loading');
    const event = await updated;
    assert.deepEqual(event.detail, { view: 'standings' });
    assert.equal(event.bubbles, true);
    assert.equal(event.composed, true);
    assert.equal(element.dataset['state'], 'ready');
    assert.ok(!Number.isNaN(Date.parse(element.dataset['updatedAt']!)));

    assert.equal(calls.length, 1);
    assert.equal(calls[0]!.url, `${API}/api/v1/events/spring-cup/standings?includeDrops=true`);
    assert.equal((calls[0]!.init.headers as Record<string, string>)['X-Embed-Token'], TOKEN);
    assert.equal(calls[0]!.init.mode, 'cors');
    assert.equal(calls[0]!.init.credentials, 'omit');

    const live = FakeEventSource.instances.at(-1)!;
    assert.equal(live.url, `${API}/api/v1/events/spring-cup/live?embed_token=${encodeURIComponent(TOKEN)}`);

    const html = element.shadowRoot.text;
    assert.match(html, /<caption>J\/70 <span class="b p">Provisional<\/span><\/caption>/);
    assert.match(html, /<caption>PHRF A <span class="b o">Official<\/span><\/caption>/);
    assert.match(html, /<th scope="col"/);
    assert.match(html, /aria-live="polite"/);
    assert.match(html, /\(12\)/);
    assert.match(html, /\(DNF 8\)/);
    assert.match(html, />DNF 8</);
    assert.match(html, /Blue &#60;Note&#62;/, 'data is escaped');
    assert.match(html, /class="sc"/, 'scroll wrapper');
    assert.match(html, /Spring Cup/);
    assert.ok(!html.includes(TOKEN), 'token not in the shadow DOM');
    element.disconnect();
    assert.equal(live.closed, true);
  });

  test('fleet attribute keeps one fleet (by name, any case); live events are debounced into one fetch', async () => {
    calls.length = 0;
    responder = () => json(standings);
    const element = widget({ event: 'spring-cup', token: TOKEN, fleet: 'phrf a' });
    let updated = nextEvent(element, 'regatta:updated');
    element.connect();
    await updated;
    assert.doesNotMatch(element.shadowRoot.text, /J\/70/);
    assert.match(element.shadowRoot.text, /PHRF A/);

    const live = FakeEventSource.instances.at(-1)!;
    live.emit('ready');
    updated = nextEvent(element, 'regatta:updated');
    for (const name of ['results.updated', 'standings.updated', 'race.completed', 'results.updated', 'registration.created']) live.emit(name);
    await updated;
    assert.equal(calls.length, 2, 'initial fetch plus one for the burst; ready fetches nothing');
    element.disconnect();
  });

  test('view changes re-render: results with h:mm:ss times and codes; schedule asks for races', async () => {
    calls.length = 0;
    responder = (url) => {
      if (url.includes('/results')) {
        return json({
          data: {
            event: { id: 'e1', slug: 'spring-cup', name: 'Spring Cup' },
            races: [{
              race: { id: 'r1', name: 'Race 1', number: 1, scheduledStart: null, actualStart: null, status: 'finished', fleet: { id: 'f1', name: 'J/70' }, provisional: false },
              results: [
                { id: 'x1', position: 1, boat: { id: 'b1', name: 'Blue', sail: 'USA 1' }, skipper: 'Ann', fleet: 'J/70', finishTime: null, elapsedTime: '01:02:03', correctedTime: '00:59:58', points: 1, status: 'finished', code: null, notes: null },
                { id: 'x2', position: null, boat: { id: 'b2', name: 'Red', sail: 'USA 2' }, skipper: null, fleet: 'J/70', finishTime: null, elapsedTime: null, correctedTime: null, points: 3, status: 'dnf', code: 'RET', notes: null },
              ],
            }],
          },
        });
      }
      return json({
        data: {
          id: 'e1', slug: 'spring-cup', name: 'Spring Cup',
          fleets: [{ id: 'f1', name: 'J/70' }],
          races: [{ id: 'r1', fleetId: 'f1', name: 'Race 1', raceNumber: 1, scheduledStart: '2025-06-01T13:00:00Z', status: 'scheduled' }],
        },
      });
    };
    const element = widget({ event: 'spring-cup', token: TOKEN, view: 'results' });
    let updated = nextEvent(element, 'regatta:updated');
    element.connect();
    await updated;
    const html = element.shadowRoot.text;
    assert.match(html, />1:02:03</);
    assert.match(html, />0:59:58</);
    assert.match(html, />RET</);
    assert.match(html, /<caption>J\/70: Race 1 <span class="b o">Official/);

    updated = nextEvent(element, 'regatta:updated');
    element.setAttribute('view', 'schedule');
    assert.equal((await updated).detail.view, 'schedule');
    assert.equal(calls.at(-1)!.url, `${API}/api/v1/events/spring-cup?include=fleets,races`);
    assert.match(element.shadowRoot.text, /<time datetime="2025-06-01T13:00:00.000Z">/);
    assert.match(element.shadowRoot.text, />Scheduled</);
    element.disconnect();
  });

  test('entries come from /regattas/{slug}/entries.json (a plain GET, no token header), with the waitlist; api attribute sets the base', async () => {
    calls.length = 0;
    responder = () => json({
      data: {
        event: { slug: 'spring-cup', name: 'Spring Cup' },
        fleets: [{
          id: 'f1', name: 'J/70',
          entries: [{ sailNumber: 'USA 1', boatName: 'Blue', sailorName: 'Ann', status: 'confirmed' }],
          waitlist: [{ sailNumber: 'USA 9', boatName: 'Late', sailorName: 'Bo', status: 'waitlisted' }],
        }],
      },
    });
    const element = widget({ event: 'spring-cup', token: TOKEN, view: 'entries', api: 'https://other.example.test/' });
    const updated = nextEvent(element, 'regatta:updated');
    element.connect();
    await updated;
    assert.equal(calls[0]!.url, 'https://other.example.test/regattas/spring-cup/entries.json');
    assert.equal((calls[0]!.init.headers as Record<string, string>)['X-Embed-Token'], undefined, 'no preflight for the public list');
    assert.match(element.shadowRoot.text, /J\/70: 1 entry/);
    assert.match(element.shadowRoot.text, /J\/70: waitlist/);
    element.disconnect();
  });

  for (const [status, body, code, pattern] of [
    [401, { code: 'invalid_embed_token', detail: 'x' }, 'invalid_embed_token', /embed token is not valid \(unknown or deactivated\)/],
    [401, { code: 'malformed_credentials', detail: 'x' }, 'malformed_credentials', /embed token is not valid/],
    [403, { code: 'origin_not_allowed', detail: 'x' }, 'origin_not_allowed', /not allowed on https:\/\/club\.example\.org\. Add this site's origin/],
    [404, { code: 'not_found', detail: 'x' }, 'not_found', /Regatta spring-cup was not found or is not public\./],
  ] as const) {
    test(`a ${status} ${code} shows a clear alert and fires regatta:error`, async () => {
      responder = () => json(body, status, { 'content-type': 'application/problem+json' });
      const element = widget({ event: 'spring-cup', token: TOKEN });
      const failed = nextEvent(element, 'regatta:error');
      element.connect();
      const event = await failed;
      assert.equal(event.detail.code, code);
      assert.match(event.detail.message, pattern);
      assert.equal(element.dataset['state'], 'error');
      const html = element.shadowRoot.text;
      assert.match(html, new RegExp(`role="alert" data-code="${code}"`));
      assert.ok(!html.includes(TOKEN));
      element.disconnect();
    });
  }

  test('lang="de" speaks German: headings, labels, the entries count, a refusal; lang changes re-render', async () => {
    responder = (url) => (url.includes('/entries.json')
      ? json({ data: { event: { slug: 'spring-cup', name: 'Spring Cup' }, fleets: [{ id: 'f1', name: 'J/70', entries: [
        { sailNumber: 'GER 1', boatName: 'Möwe', sailorName: 'Rita', status: 'registered' },
        { sailNumber: 'GER 2', boatName: 'Kranich', sailorName: 'Udo', status: 'registered' },
      ] }] } })
      : json(standings));
    const element = widget({ event: 'spring-cup', token: TOKEN, lang: 'de' });
    let updated = nextEvent(element, 'regatta:updated');
    element.connect();
    await updated;
    let html = element.shadowRoot.text;
    assert.match(html, /<caption>J\/70 <span class="b p">Vorläufig<\/span><\/caption>/);
    assert.match(html, /<caption>PHRF A <span class="b o">Offiziell<\/span><\/caption>/);
    assert.match(html, /<abbr title="Platz">#<\/abbr>/);
    assert.match(html, /<abbr title="Wettfahrt 1">WF1<\/abbr>/);
    assert.match(html, /title="Streichergebnis">\(12\)/);
    assert.match(html, />Steuermann</);
    assert.match(html, /Aktualisiert \d{2}:\d{2}:\d{2}/);

    updated = nextEvent(element, 'regatta:updated');
    element.setAttribute('view', 'entries');
    await updated;
    html = element.shadowRoot.text;
    assert.match(html, /J\/70: 2 Meldungen/);
    assert.match(html, /<abbr title="Nummer">Nr\.<\/abbr>/);
    assert.match(html, />Gemeldet</);

    // The language follows the attribute: back to English.
    updated = nextEvent(element, 'regatta:updated');
    element.setAttribute('lang', 'en-GB');
    await updated;
    assert.match(element.shadowRoot.text, /J\/70: 2 entries/);
    assert.match(element.shadowRoot.text, />Registered</);
    element.disconnect();

    responder = () => json({ code: 'not_found', detail: 'x' }, 404, { 'content-type': 'application/problem+json' });
    const missing = widget({ event: 'herbst-pokal', token: TOKEN, lang: 'de-AT' });
    const failed = nextEvent(missing, 'regatta:error');
    missing.connect();
    assert.equal((await failed).detail.message, 'Die Regatta herbst-pokal wurde nicht gefunden oder ist nicht öffentlich.');
    missing.disconnect();
  });

  test('without lang the page\'s language counts, then the browser\'s; unknown ones fall back to English', async () => {
    responder = () => json({ code: 'not_found', detail: 'x' }, 404, { 'content-type': 'application/problem+json' });
    const g = globalThis as Record<string, unknown>;
    const message = async (setup: (element: WidgetElement & { closest?: unknown }) => void) => {
      const element = widget({ event: 'x', token: TOKEN }) as WidgetElement & { closest?: unknown };
      setup(element);
      const failed = nextEvent(element, 'regatta:error');
      element.connect();
      const text = (await failed).detail.message as string;
      element.disconnect();
      return text;
    };
    const page = (lang: string) => (element: { closest?: unknown }) => {
      element.closest = (selector: string) => (selector === '[lang]' ? { getAttribute: () => lang } : null);
    };
    const hadNavigator = Object.getOwnPropertyDescriptor(globalThis, 'navigator');
    try {
      assert.match(await message(page('de')), /^Die Regatta x wurde nicht gefunden/, '<html lang="de">');
      assert.match(await message(page('fr')), /^Regatta x was not found/, 'a language the widget does not speak');
      Object.defineProperty(globalThis, 'navigator', { value: { languages: ['fr-FR', 'de-CH', 'en'] }, configurable: true });
      assert.match(await message(() => undefined), /^Die Regatta x wurde nicht gefunden/, 'the browser\'s first language the widget speaks');
      assert.match(await message(page('en')), /^Regatta x was not found/, 'the page before the browser');
    } finally {
      if (hadNavigator) Object.defineProperty(globalThis, 'navigator', hadNavigator);
      else delete g['navigator'];
    }
  });

  test('429 says when it retries (Retry-After) and retries', async () => {
    let count = 0;
    responder = () => (++count === 1
      ? json({ code: 'rate_limit_exceeded', detail: 'x' }, 429, { 'Retry-After': '1' })
      : json(standings));
    const element = widget({ event: 'spring-cup', token: TOKEN });
    const failed = nextEvent(element, 'regatta:error');
    const updated = nextEvent(element, 'regatta:updated');
    element.connect();
    assert.match((await failed).detail.message, /Too many requests; retrying in 1 s/);
    await updated;
    assert.equal(element.dataset['state'], 'ready');
    assert.doesNotMatch(element.shadowRoot.text, /role="alert"/);
    element.disconnect();
  });

  test('a network failure says the service could not be reached; the token never reaches the console', async () => {
    responder = () => Promise.reject(new TypeError('Failed to fetch'));
    const element = widget({ event: 'spring-cup', token: TOKEN });
    const failed = nextEvent(element, 'regatta:error');
    element.connect();
    const event = await failed;
    assert.equal(event.detail.code, 'network_error');
    assert.match(event.detail.message, /^The results service could not be reached\./);
    element.disconnect();
    const logged = saved['logged'] as string[];
    assert.ok(logged.length > 0);
    assert.ok(logged.every((line) => !line.includes(TOKEN)));
  });
});
