/*! regatta-widget.js: the <regatta-results> element, live results of one regatta for any web page.
 *
 * Usage (the gateway serves this file at /embed/v1/regatta-widget.js):
 *   <script src="{ORIGIN}/embed/v1/regatta-widget.js" async></script>
 *   <regatta-results event="SLUG" token="EMBED_TOKEN" view="standings"></regatta-results>
 *
 * Attributes (changes are picked up at once):
 *   event  the regatta's slug (required)
 *   token  the organization's embed token (create one with POST /api/v1/embed-tokens and list this
 *          site's origin in its allowedOrigins)
 *   view   standings (default) | results | entries | schedule
 *   fleet  optional: show one fleet only (its id, or its name in any case)
 *   api    optional base URL of the API; default: the origin this script was loaded from
 *   lang   optional language of the widget's words (en, de); default: the page's language (the
 *          nearest lang attribute), else the browser's languages, else English
 *
 * Theming: CSS custom properties, set on regatta-results or any ancestor (defaults in brackets;
 * the defaults meet WCAG AA contrast):
 *   --regatta-font        font family            [system-ui, sans-serif]
 *   --regatta-color       text                   [#1b1f24]
 *   --regatta-background  background             [#ffffff]
 *   --regatta-accent      headings, header rule  [#0a58ca]
 *   --regatta-border      table rules            [#c9d1d9]
 *   --regatta-muted       secondary text         [#57606a]
 *
 * Events (bubbling, composed): regatta:updated {detail: {view}} after every render;
 * regatta:error {detail: {code, message}}. State: data-state="loading|ready|error" and
 * data-updated-at (ISO time of the last render) on the element.
 * Live: a Server-Sent Events stream refreshes the view when results, standings or entries change.
 * No dependencies, no cookies, no requests to anyone but the API.
 */
(() => {
  'use strict';
  if (typeof customElements === 'undefined' || customElements.get('regatta-results')) return;

  let scriptOrigin = '';
  try {
    const script = document.currentScript;
    if (script && script.src) scriptOrigin = new URL(script.src, location.href).origin;
  } catch (_) { /* no usable script URL: fall back to the page's origin */ }

  const VIEWS = ['standings', 'results', 'entries', 'schedule'];
  const LIVE = ['ready', 'results.updated', 'results.published', 'standings.updated', 'race.started', 'race.completed',
    'registration.created', 'registration.updated', 'registration.cancelled', 'reload', 'hearing.scheduled', 'message'];
  const DEBOUNCE = 150;

  // The words in each language, filled in when the script is served (public-results
  // http/widget-script.ts, from the public pages' i18n/en.json and de.json).
  const WORDS = {/* words */};
  const INTL = { en: 'en-GB', de: 'de-DE' };

  /** The first supported language of: the element's lang, the page's (nearest lang), the browser's. */
  const languageOf = (element) => {
    const wanted = [element.getAttribute('lang')];
    try { const holder = element.closest && element.closest('[lang]'); if (holder) wanted.push(holder.getAttribute('lang')); } catch (_) { /* detached */ }
    if (typeof navigator !== 'undefined') wanted.push(...(navigator.languages || [navigator.language]));
    for (const tag of wanted) {
      const primary = String(tag || '').trim().toLowerCase().split(/[-_]/)[0];
      if (primary && WORDS[primary]) return primary;
    }
    return WORDS.en || !Object.keys(WORDS).length ? 'en' : Object.keys(WORDS)[0];
  };

  /** The translator of one language: t('widget.noResults'), t('entries.caption', {fleet, count}). */
  const wordsOf = (lang) => {
    const words = WORDS[lang] || WORDS.en || {};
    const english = WORDS.en || {};
    let plural;
    const t = (key, vars) => {
      vars = vars || {};
      if (typeof vars.count === 'number') {
        plural = plural || (typeof Intl !== 'undefined' && Intl.PluralRules ? new Intl.PluralRules(INTL[lang] || lang) : { select: (n) => (n === 1 ? 'one' : 'other') });
        const form = key + '_' + plural.select(vars.count);
        if (words[form] != null || english[form] != null) key = form;
        else if (words[key + '_other'] != null) key = key + '_other';
      }
      const text = words[key] != null ? words[key] : english[key] != null ? english[key] : key;
      return text.replace(/\{\{(\w+)\}\}/g, (m, name) => (vars[name] == null ? '' : String(vars[name])));
    };
    t.lang = lang;
    /** A code in words (`group.code`), else the code as it reads. */
    t.term = (group, code) => {
      const key = group + '.' + code;
      return words[key] != null ? words[key] : cap(code);
    };
    return t;
  };

  const CSS = `
:host{display:block;font-family:var(--regatta-font,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif);color:var(--regatta-color,#1b1f24);background:var(--regatta-background,#fff);font-size:.9375rem;line-height:1.4}
:host([hidden]){display:none}
.ev{margin:0 0 .5em;font-weight:600;font-size:1.1em;color:var(--regatta-accent,#0a58ca)}
.st{margin:.25em 0 .75em;font-size:.85em;color:var(--regatta-muted,#57606a);min-height:1.2em}
.err{margin:.5em 0;padding:.6em .8em;border:1px solid #b42318;border-left-width:4px;border-radius:4px;background:#fef3f2;color:#7a1a12}
.sc{overflow-x:auto;margin:0 0 1.25em;-webkit-overflow-scrolling:touch}
.sc:focus-visible{outline:2px solid var(--regatta-accent,#0a58ca);outline-offset:2px}
table{border-collapse:collapse;width:100%;font-variant-numeric:tabular-nums}
caption{text-align:left;font-weight:600;padding:.35em 0;color:inherit}
th,td{padding:.35em .6em;border-bottom:1px solid var(--regatta-border,#c9d1d9);text-align:left;white-space:nowrap}
thead th{border-bottom:2px solid var(--regatta-accent,#0a58ca);font-size:.85em}
tbody th{font-weight:inherit}
tbody tr:nth-child(even){background:rgba(127,127,127,.08)}
.n{text-align:right}
.b{display:inline-block;margin-left:.5em;padding:0 .45em;border-radius:3px;font-size:.8em;font-weight:600;border:1px solid currentColor}
.p{color:#7a4b00;background:#fff4d6}
.o{color:#0f5c2e;background:#e6f6ea}
.m,.d{color:var(--regatta-muted,#57606a)}
abbr{text-decoration:none}`;

  const esc = (v) => String(v == null ? '' : v).replace(/[&<>"']/g, (c) => '&#' + c.charCodeAt(0) + ';');
  const num = (n) => (typeof n === 'number' && isFinite(n) ? String(Math.round(n * 100) / 100) : '');
  const cap = (s) => (s ? String(s).charAt(0).toUpperCase() + String(s).slice(1).replace(/_/g, ' ') : '');
  const two = (n) => String(n).padStart(2, '0');

  /** h:mm:ss from "HH:MM:SS" (as the API sends) or a number of seconds. */
  const dur = (v) => {
    if (typeof v === 'number' && isFinite(v)) {
      const s = Math.round(Math.abs(v));
      return (v < 0 ? '-' : '') + Math.floor(s / 3600) + ':' + two(Math.floor(s / 60) % 60) + ':' + two(s % 60);
    }
    const m = /^(-?)(\d+):(\d{2}):(\d{2})$/.exec(String(v == null ? '' : v).trim());
    return m ? m[1] + Number(m[2]) + ':' + m[3] + ':' + m[4] : v == null ? '' : String(v);
  };

  const dateFormats = {};
  const when = (iso, t) => {
    const d = iso ? new Date(iso) : null;
    if (!d || isNaN(d)) return '<span class="m">' + esc(t('widget.notSet')) + '</span>';
    const format = dateFormats[t.lang] = dateFormats[t.lang] || new Intl.DateTimeFormat(INTL[t.lang] || t.lang,
      { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZoneName: 'short' });
    return '<time datetime="' + esc(d.toISOString()) + '">' + esc(format.format(d)) + '</time>';
  };
  /** A column heading that abbreviates: what it shows, and in full. */
  const abbr = (short, full) => '<abbr title="' + esc(full) + '">' + esc(short) + '</abbr>';

  /** One table in a keyboard-scrollable wrapper. cols: [label (HTML), numeric?]. badge: [text, class]. */
  const table = (title, badge, cols, rows, empty) => {
    const label = title + (badge ? ', ' + badge[0] : '');
    const body = rows.length ? rows.join('')
      : '<tr><td colspan="' + cols.length + '" class="m">' + esc(empty) + '</td></tr>';
    return '<div class="sc" role="region" tabindex="0" aria-label="' + esc(label) + '"><table><caption>' + esc(title) +
      (badge ? ' <span class="b ' + badge[1] + '">' + esc(badge[0]) + '</span>' : '') + '</caption><thead><tr>' +
      cols.map((c) => '<th scope="col"' + (c[1] ? ' class="n"' : '') + '>' + c[0] + '</th>').join('') +
      '</tr></thead><tbody>' + body + '</tbody></table></div>';
  };
  const td = (v, n) => '<td' + (n ? ' class="n"' : '') + '>' + esc(v) + '</td>';
  const rowHead = (v) => '<th scope="row">' + esc(v) + '</th>';
  const label = (t, provisional) => (provisional ? [t('status.provisional'), 'p'] : [t('status.official'), 'o']);

  const renderers = {
    /** GET /api/v1/events/{slug}/standings?includeDrops=true */
    standings(d, keep, t) {
      const fleets = (d.fleets || []).slice();
      const groups = new Map();
      for (const s of d.standings || []) {
        const k = s.fleetId || s.fleet;
        if (!groups.has(k)) groups.set(k, []);
        groups.get(k).push(s);
      }
      for (const [k, list] of groups) {
        if (!fleets.some((f) => f.id === k || f.name === k)) fleets.push({ id: k, name: list[0].fleet, provisional: true });
      }
      return fleets.filter((f) => keep(f.id, f.name)).map((f) => {
        const list = groups.get(f.id) || groups.get(f.name) || [];
        const races = [...new Set(list.flatMap((s) => (s.raceResults || []).map((r) => r.race)))].sort((a, b) => a - b);
        const rows = list.map((s) => {
          const byRace = new Map((s.raceResults || []).map((r) => [r.race, r]));
          return '<tr>' + td(s.position, 1) + td(s.boat && s.boat.sail) + rowHead(s.boat && s.boat.name) + td(s.skipper) +
            races.map((n) => {
              const r = byRace.get(n);
              if (!r) return '<td class="n"></td>';
              const text = (r.code ? r.code + ' ' : '') + num(r.points);
              return r.dropped ? '<td class="n d" title="' + esc(t('widget.discarded')) + '">(' + esc(text) + ')</td>' : td(text, 1);
            }).join('') + td(num(s.totalPoints), 1) + td(num(s.netPoints), 1) + '</tr>';
        });
        const cols = [[abbr('#', t('columns.rank')), 1], [esc(t('widget.sail'))], [esc(t('columns.boat'))], [esc(t('columns.skipper'))]]
          .concat(races.map((n) => [abbr(t('columns.raceShort', { number: n }), t('columns.raceLong', { number: n })), 1]),
            [[esc(t('columns.total')), 1], [esc(t('columns.net')), 1]]);
        return table(f.name, list.length ? label(t, f.provisional) : null, cols, rows, t('widget.noResults'));
      });
    },

    /** GET /api/v1/events/{slug}/results */
    results(d, keep, t) {
      const order = [];
      const races = (d.races || []).filter((x) => x && x.race && (x.results || []).length &&
        keep(x.race.fleet && x.race.fleet.id, x.race.fleet && x.race.fleet.name));
      for (const x of races) { const k = x.race.fleet && x.race.fleet.id; if (!order.includes(k)) order.push(k); }
      races.sort((a, b) => order.indexOf(a.race.fleet && a.race.fleet.id) - order.indexOf(b.race.fleet && b.race.fleet.id) ||
        (a.race.number || 0) - (b.race.number || 0));
      const cols = [[t('columns.place'), 1], [t('widget.sail')], [t('columns.boat')], [t('columns.skipper')], [t('columns.elapsed'), 1],
        [t('columns.corrected'), 1], [t('columns.points'), 1], [t('columns.code')]].map((c) => [esc(c[0]), c[1]]);
      return races.map(({ race, results }) => {
        const name = race.name || t('columns.raceLong', { number: race.number });
        const title = (race.fleet && race.fleet.name ? race.fleet.name + ': ' : '') +
          (race.status === 'abandoned' ? t('widget.abandoned', { race: name }) : name);
        const rows = results.map((r) => '<tr>' + td(r.position, 1) + td(r.boat && r.boat.sail) + rowHead(r.boat && r.boat.name) +
          td(r.skipper) + td(dur(r.elapsedTime != null ? r.elapsedTime : r.elapsedSeconds), 1) +
          td(dur(r.correctedTime != null ? r.correctedTime : r.correctedSeconds), 1) + td(num(r.points), 1) +
          td(r.code || (r.status && r.status !== 'finished' ? String(r.status).toUpperCase() : '')) + '</tr>');
        return table(title, race.provisional == null ? null : label(t, race.provisional), cols, rows, t('widget.noResults'));
      });
    },

    /** GET /api/v1/events/{slug}?include=fleets,races */
    schedule(d, keep, t, fleetFilter) {
      const names = new Map((d.fleets || []).map((f) => [f.id, f.name]));
      const races = (d.races || []).filter((r) => keep(r.fleetId, names.get(r.fleetId)));
      const at = (r) => (r.scheduledStart ? Date.parse(r.scheduledStart) : Infinity);
      races.sort((a, b) => at(a) - at(b) || String(names.get(a.fleetId) || '').localeCompare(String(names.get(b.fleetId) || '')) ||
        (a.raceNumber || 0) - (b.raceNumber || 0));
      const rows = races.map((r) => '<tr>' + td(r.raceNumber, 1) + rowHead(r.name) + td(names.get(r.fleetId) || '') +
        '<td>' + when(r.scheduledStart, t) + '</td>' + td(cap(t.term('terms.raceStatus', r.status))) + '</tr>');
      const title = fleetFilter ? t('widget.fleetSchedule', { fleet: names.get(races[0] && races[0].fleetId) || fleetFilter }) : t('widget.raceSchedule');
      const cols = [[esc(t('widget.race')), 1], [esc(t('widget.raceName'))], [esc(t('widget.fleet'))], [esc(t('widget.scheduledStart'))],
        [esc(t('regatta.status'))]];
      return [table(title, null, cols, rows, t('widget.noRaces'))];
    },

    /** GET /regattas/{slug}/entries.json */
    entries(d, keep, t) {
      const cols = [[abbr(t('columns.number'), t('widget.numberTitle')), 1], [esc(t('widget.sail'))], [esc(t('columns.boat'))],
        [esc(t('widget.sailor'))], [esc(t('regatta.status'))]];
      const rows = (list) => (list || []).map((e, i) => '<tr>' + td(i + 1, 1) + td(e.sailNumber) + rowHead(e.boatName) +
        td(e.sailorName) + td(t.term('widget.entryStatus', e.status)) + '</tr>');
      return (d.fleets || []).filter((f) => keep(f.id, f.name)).flatMap((f) => {
        const n = (f.entries || []).length;
        const out = [table(t('entries.caption', { fleet: f.name, count: n }), null, cols, rows(f.entries), t('widget.noEntries'))];
        if ((f.waitlist || []).length) out.push(table(t('widget.waitlist', { fleet: f.name }), null, cols, rows(f.waitlist), ''));
        return out;
      });
    },
  };

  const eventName = (view, d) => (view === 'schedule' ? d && d.name : d && d.event && d.event.name) || '';

  class WidgetError extends Error {
    constructor(code, message, retryIn) { super(message); this.code = code; this.retryIn = retryIn; }
  }

  class RegattaResults extends HTMLElement {
    static get observedAttributes() { return ['event', 'token', 'view', 'fleet', 'api', 'lang']; }

    constructor() {
      super();
      const root = this.attachShadow({ mode: 'open' });
      root.innerHTML = '<style>' + CSS + '</style><div part="container"><p class="ev" part="title"></p>' +
        '<div class="al"></div><p class="st" role="status" aria-live="polite"></p><div class="bd" part="body"></div></div>';
      this._title = root.querySelector('.ev');
      this._alert = root.querySelector('.al');
      this._status = root.querySelector('.st');
      this._body = root.querySelector('.bd');
      this._container = root.querySelector('[part="container"]');
      this._gen = 0;
      this._started = false;
      this._t = wordsOf('en');
    }

    connectedCallback() {
      this._started = true;
      this._restart(true);
    }

    disconnectedCallback() {
      this._started = false;
      this._stop();
      this._closeLive();
    }

    attributeChangedCallback(name, before, after) {
      if (before === after || !this._started) return;
      if (name !== 'view' && name !== 'fleet' && name !== 'lang') this._relive = true;
      clearTimeout(this._attrTimer);
      // Several attributes set one after another (a form, a framework) make one restart.
      this._attrTimer = setTimeout(() => { const live = this._relive; this._relive = false; this._restart(live); }, 0);
    }

    get _slug() { return (this.getAttribute('event') || '').trim(); }
    get _token() { return (this.getAttribute('token') || '').trim(); }
    get _view() { const v = (this.getAttribute('view') || '').trim().toLowerCase(); return VIEWS.includes(v) ? v : 'standings'; }
    get _base() {
      const api = (this.getAttribute('api') || '').trim();
      let base = scriptOrigin || location.origin;
      if (api) { try { base = new URL(api, location.href).href; } catch (_) { base = api; } }
      return base.replace(/\/+$/, '');
    }

    _url() {
      const base = this._base;
      const slug = encodeURIComponent(this._slug);
      switch (this._view) {
        case 'results': return base + '/api/v1/events/' + slug + '/results';
        case 'schedule': return base + '/api/v1/events/' + slug + '?include=fleets,races';
        case 'entries': return base + '/regattas/' + slug + '/entries.json';
        default: return base + '/api/v1/events/' + slug + '/standings?includeDrops=true';
      }
    }

    /** Cancels pending work: timers, the request in flight and its answer. */
    _stop() {
      this._gen++;
      if (this._abort) this._abort.abort();
      this._abort = null;
      this._busy = false;
      this._again = false;
      clearTimeout(this._debounce);
      clearTimeout(this._retry);
      clearTimeout(this._attrTimer);
    }

    _restart(live) {
      this._stop();
      // The language is settled on each (re)start: the lang attribute, else the page's, else the browser's.
      this._t = wordsOf(languageOf(this));
      if (this._container) this._container.lang = this._t.lang;
      const t = this._t;
      this._body.innerHTML = '';
      this._alert.innerHTML = '';
      this._title.textContent = '';
      this._status.textContent = t('widget.loading');
      this.dataset.state = 'loading';
      if (!this._slug) {
        this._closeLive();
        this._fail(new WidgetError('missing_event', t('widget.errors.missingEvent')));
        return;
      }
      if (live) this._openLive(false);
      this._load();
    }

    _openLive(reopened) {
      this._closeLive();
      if (typeof EventSource === 'undefined') return;
      const token = this._token;
      let url = this._base + '/api/v1/events/' + encodeURIComponent(this._slug) + '/live';
      if (token) url += '?embed_token=' + encodeURIComponent(token);
      let es;
      try { es = new EventSource(url); } catch (_) { return; }
      this._es = es;
      const onEvent = (e) => {
        if (this._es !== es) return;
        // After a reconnect of our own (the browser gave up) changes may have been missed: catch up once.
        if (e.type === 'ready') { if (reopened) { reopened = false; this._soon(); } return; }
        this._soon();
      };
      for (const name of LIVE) es.addEventListener(name, onEvent);
      es.addEventListener('error', () => {
        if (this._es !== es || es.readyState !== 2) return; // 2 = CLOSED; otherwise the browser reconnects itself
        // The stream was refused (e.g. a bad token): try again later, once the data loads again.
        const again = () => {
          if (!this._started || this._es !== es) return;
          if (this.dataset.state === 'ready') this._openLive(true);
          else this._liveTimer = setTimeout(again, 30000);
        };
        clearTimeout(this._liveTimer);
        this._liveTimer = setTimeout(again, 30000);
      });
    }

    _closeLive() {
      clearTimeout(this._liveTimer);
      if (this._es) { this._es.close(); this._es = null; }
    }

    /** Re-fetches after a quiet moment, so a burst of changes costs one request. */
    _soon(delay) {
      if (!this._started) return;
      clearTimeout(this._debounce);
      this._debounce = setTimeout(() => this._load(), delay == null ? DEBOUNCE : delay);
    }

    async _load() {
      if (!this._started) return;
      if (this._busy) { this._again = true; return; }
      this._busy = true;
      this._again = false;
      clearTimeout(this._retry);
      const gen = this._gen;
      const view = this._view;
      const abort = (this._abort = typeof AbortController === 'function' ? new AbortController() : null);
      try {
        const data = await this._get(this._url(), abort && abort.signal);
        if (gen !== this._gen) return;
        this._render(view, (data && data.data) || {});
      } catch (error) {
        if (gen !== this._gen || (error && error.name === 'AbortError')) return;
        this._fail(error);
      } finally {
        if (gen === this._gen) {
          this._busy = false;
          this._abort = null;
          if (this._again) this._soon();
        }
      }
    }

    async _get(url, signal) {
      const headers = { Accept: 'application/json' };
      const token = this._token;
      // The public entry list needs no token; sending one would cost a CORS preflight the public pages
      // do not answer (they allow any origin for plain GETs only).
      if (token && this._view !== 'entries') headers['X-Embed-Token'] = token;
      let response;
      try {
        response = await fetch(url, { headers, mode: 'cors', credentials: 'omit', cache: 'no-cache', signal });
      } catch (error) {
        if (error && error.name === 'AbortError') throw error;
        throw await this._unreachable();
      }
      if (response.ok) {
        try { return await response.json(); } catch (_) {
          throw new WidgetError('invalid_response', this._t('widget.errors.invalidResponse'), 60);
        }
      }
      let problem = {};
      try { problem = (await response.json()) || {}; } catch (_) { /* not JSON */ }
      throw this._problem(response.status, problem, response.headers.get('Retry-After'));
    }

    /** A network or CORS failure: tells the two apart with an opaque request to the same service. */
    async _unreachable() {
      const t = this._t;
      const message = t('widget.errors.unreachable');
      try {
        await fetch(this._base + '/api/v1/health', { mode: 'no-cors', credentials: 'omit', cache: 'no-store' });
      } catch (_) {
        return new WidgetError('network_error', message, 30);
      }
      // The public entry list is open to every origin, so a refusal there is an error answer (most likely 404).
      if (this._view === 'entries') return new WidgetError('not_found', t('widget.errors.notFound', { slug: this._slug }), 60);
      return new WidgetError('network_error', message + ' ' + t('widget.errors.refused', { origin: location.origin }), 60);
    }

    _problem(status, problem, retryAfter) {
      const t = this._t;
      const code = typeof problem.code === 'string' && problem.code ? problem.code : 'http_' + status;
      if (status === 401) {
        if (code === 'credentials_required') return new WidgetError(code, t('widget.errors.noToken'));
        return new WidgetError(code, t('widget.errors.invalidToken'));
      }
      if (status === 403 && code === 'origin_not_allowed') {
        return new WidgetError(code, t('widget.errors.originNotAllowed', { origin: location.origin }));
      }
      if (status === 403) return new WidgetError(code, t('widget.errors.forbidden', { view: t('widget.views.' + this._view) }));
      if (status === 404) return new WidgetError(code, t('widget.errors.notFound', { slug: this._slug }));
      if (status === 429) {
        let wait = Number(retryAfter);
        if (!(wait >= 0) && retryAfter) wait = (Date.parse(retryAfter) - Date.now()) / 1000;
        wait = Math.min(3600, Math.max(1, Math.ceil(wait >= 0 ? wait : 30)));
        return new WidgetError(code, t('widget.errors.tooMany', { seconds: wait }), wait);
      }
      const detail = typeof problem.detail === 'string' ? ' ' + problem.detail : '';
      return new WidgetError(code, t('widget.errors.httpError', { status }) + detail, status >= 500 ? 30 : undefined);
    }

    _render(view, data) {
      const fleet = (this.getAttribute('fleet') || '').trim();
      const want = fleet.toLowerCase();
      const keep = (id, name) => !want || String(id == null ? '' : id).toLowerCase() === want ||
        String(name == null ? '' : name).toLowerCase() === want;
      const t = this._t;
      const parts = renderers[view](data, keep, t, fleet);
      const empty = !fleet ? t(view === 'entries' ? 'widget.noEntries' : 'widget.noResults')
        : t(view === 'results' ? 'widget.noFleetResults' : 'widget.noFleet', { fleet });
      this._title.textContent = eventName(view, data);
      this._alert.innerHTML = '';
      this._body.innerHTML = parts.length ? parts.join('')
        : '<p class="m">' + esc(empty) + '</p>';
      const now = new Date();
      this._status.textContent = t('widget.updated', { time: two(now.getHours()) + ':' + two(now.getMinutes()) + ':' + two(now.getSeconds()) });
      this.dataset.state = 'ready';
      this.dataset.updatedAt = now.toISOString();
      this.dispatchEvent(new CustomEvent('regatta:updated', { detail: { view }, bubbles: true, composed: true }));
    }

    _fail(error) {
      const code = (error && error.code) || 'widget_error';
      const token = this._token;
      let message = error instanceof WidgetError ? error.message : this._t('widget.errors.failed');
      if (token) message = message.split(token).join('[token]');
      // Keep the last good table on passing trouble (rate limits, outages); clear it when it cannot come back.
      if (!error || error.retryIn == null) { this._body.innerHTML = ''; this._title.textContent = ''; }
      this._alert.innerHTML = '<p class="err" role="alert" data-code="' + esc(code) + '">' + esc(message) + '</p>';
      this._status.textContent = '';
      this.dataset.state = 'error';
      if (error && error.retryIn != null) {
        clearTimeout(this._retry);
        this._retry = setTimeout(() => this._load(), error.retryIn * 1000);
      }
      if (typeof console !== 'undefined') console.warn('<regatta-results> ' + code + ': ' + message);
      this.dispatchEvent(new CustomEvent('regatta:error', { detail: { code, message }, bubbles: true, composed: true }));
    }
  }

  customElements.define('regatta-results', RegattaResults);
})();
