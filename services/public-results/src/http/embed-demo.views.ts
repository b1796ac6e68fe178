/**
 * The widget's demo page (/embed/v1/demo): how to paste `<regatta-results>` into a club's site, with a
 * live preview, in the reader's language. Its script's messages come with the page (data attributes).
 */
import { ENGLISH, type Locale, type MessageKey } from '../i18n/locale.js';
import { Html, html, markup } from './html/html.js';
import { documentStart, siteTools } from './html/layout.js';

const STYLE = `
  :root { color-scheme: light; }
  body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; line-height: 1.5; color: #1b1f24; background: #fff; }
  header, main, footer { max-width: 60rem; margin: 0 auto; padding: 0 1rem; }
  header { padding-top: 1.5rem; }
  .top { display: flex; flex-wrap: wrap; justify-content: space-between; align-items: center; gap: .25rem 1rem; margin-bottom: 1rem; }
  .top a { font-weight: 600; text-decoration: none; }
  .tools { display: flex; flex-wrap: wrap; align-items: center; gap: .25rem 1rem; }
  ul.langs { list-style: none; margin: 0; padding: 0; display: flex; gap: .75rem; }
  ul.langs a { font-weight: 400; }
  ul.langs a[aria-current] { font-weight: 600; text-decoration: underline; }
  a.signin { border: 1px solid #0a58ca; border-radius: 4px; padding: .1rem .6rem; }
  h1 { font-size: 1.75rem; margin: 0 0 .25rem; }
  h2 { font-size: 1.25rem; margin: 2rem 0 .5rem; border-bottom: 2px solid #0a58ca; padding-bottom: .2rem; }
  p.lead { color: #444c56; margin-top: 0; }
  pre { background: #f3f5f7; border: 1px solid #c9d1d9; border-radius: 4px; padding: .75rem; overflow-x: auto; font-size: .875rem; }
  code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
  table.ref { border-collapse: collapse; width: 100%; }
  table.ref th, table.ref td { text-align: left; padding: .35rem .5rem; border-bottom: 1px solid #c9d1d9; vertical-align: top; }
  table.ref thead th { border-bottom: 2px solid #0a58ca; }
  .scroll { overflow-x: auto; }
  form { display: grid; grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr)); gap: .75rem 1rem; align-items: end; margin-bottom: 1rem; }
  label { display: block; font-weight: 600; font-size: .9rem; margin-bottom: .2rem; }
  .hint { display: inline; font-weight: normal; color: #57606a; font-size: .8rem; }
  input, select, button { font: inherit; padding: .4rem .5rem; border: 1px solid #6e7781; border-radius: 4px; background: #fff; color: #1b1f24; width: 100%; box-sizing: border-box; }
  button { background: #0a58ca; border-color: #0a58ca; color: #fff; font-weight: 600; cursor: pointer; }
  button.secondary { background: #fff; color: #0a58ca; width: auto; padding: .25rem .6rem; font-size: .85rem; }
  :focus-visible { outline: 3px solid #0a58ca; outline-offset: 2px; }
  .preview { border: 1px solid #c9d1d9; border-radius: 6px; padding: 1rem; min-height: 4rem; }
  #preview-log { color: #444c56; font-size: .9rem; }
  a { color: #0a58ca; }
  /* Example themes for the preview. */
  regatta-results.theme-dark { --regatta-background: #161b22; --regatta-color: #e6edf3; --regatta-accent: #79b8ff; --regatta-border: #3d444d; --regatta-muted: #b1bac4; padding: .75rem; border-radius: 4px; }
  regatta-results.theme-club { --regatta-font: Georgia, "Times New Roman", serif; --regatta-color: #13294b; --regatta-accent: #8a1538; --regatta-border: #d8d2c4; --regatta-muted: #5b5346; --regatta-background: #fffdf7; padding: .75rem; }
  .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
  footer { color: #57606a; font-size: .85rem; padding-bottom: 2rem; }
`;

/** The preview's behaviour; every sentence it shows is read from the page's data attributes. */
const SCRIPT = `
(() => {
  'use strict';
  const origin = location.origin;
  for (const node of document.querySelectorAll('[data-origin]')) node.textContent = origin;

  const form = document.getElementById('preview-form');
  const area = document.getElementById('preview-area');
  const log = document.getElementById('preview-log');
  const say = (name, values) => log.dataset[name].replace(/\\{(\\w+)\\}/g, (_, key) => values[key] ?? '');
  const field = (name) => form.elements.namedItem(name);
  const params = new URLSearchParams(location.search);
  for (const name of ['event', 'token', 'view', 'fleet']) {
    const value = params.get(name);
    if (value) field(name).value = value;
  }

  document.getElementById('copy-snippet').addEventListener('click', async () => {
    const status = document.getElementById('copy-status');
    try {
      await navigator.clipboard.writeText(document.getElementById('snippet').textContent);
      status.textContent = status.dataset.copied;
    } catch (_) {
      status.textContent = status.dataset.unavailable;
    }
  });

  const viewName = (view) => [...field('view').options].find((option) => option.value === view)?.text ?? view;
  let widget = null;
  const show = () => {
    const event = field('event').value.trim();
    const view = field('view').value;
    document.getElementById('snippet-event').textContent = event || 'spring-cup';
    document.getElementById('snippet-view').textContent = view;
    if (!event) return;
    if (!widget) {
      widget = document.createElement('regatta-results');
      widget.addEventListener('regatta:updated', (e) => {
        log.textContent = say('updated', { view: viewName(e.detail.view), time: new Date().toLocaleTimeString(document.documentElement.lang) });
      });
      widget.addEventListener('regatta:error', (e) => {
        log.textContent = say('error', { message: e.detail.message, code: e.detail.code });
      });
      area.appendChild(widget);
    }
    widget.className = field('theme').value;
    const attributes = { event, token: field('token').value.trim(), view, fleet: field('fleet').value.trim() };
    for (const [name, value] of Object.entries(attributes)) {
      if (value) widget.setAttribute(name, value);
      else widget.removeAttribute(name);
    }
  };

  form.addEventListener('submit', (e) => { e.preventDefault(); show(); });
  field('view').addEventListener('change', () => { if (widget) show(); });
  field('theme').addEventListener('change', () => { if (widget) widget.className = field('theme').value; });
  if (field('event').value) show();
})();
`;

function attributesTable(locale: Locale): Html {
  const { t } = locale;
  const row = (name: string, meaning: Html | string) => html`<tr><th scope="row"><code>${name}</code></th><td>${meaning}</td></tr>`;
  return html`<div class="scroll">
      <table class="ref">
        <caption class="visually-hidden">${t('demo.attributesCaption')}</caption>
        <thead><tr><th scope="col">${t('demo.attribute')}</th><th scope="col">${t('demo.meaning')}</th></tr></thead>
        <tbody>
          ${row('event', t('demo.attrEvent'))}
          ${row('token', t('demo.attrToken'))}
          ${row('view', markup(locale, 'demo.attrView'))}
          ${row('fleet', t('demo.attrFleet'))}
          ${row('api', t('demo.attrApi'))}
          ${row('lang', t('demo.attrLang'))}
        </tbody>
      </table>
    </div>`;
}

function themeExample({ t }: Locale): Html {
  const line = (property: string, value: string, key: MessageKey) => `  ${`${property}: ${value};`.padEnd(37)}/* ${t(key)} */`;
  return html`<pre tabindex="0" aria-label="${t('demo.themeLabel')}"><code>regatta-results {
${[
  line('--regatta-font', 'Georgia, serif', 'demo.themeFont'),
  line('--regatta-color', '#13294b', 'demo.themeColor'),
  line('--regatta-background', '#fffdf7', 'demo.themeBackground'),
  line('--regatta-accent', '#8a1538', 'demo.themeAccent'),
  line('--regatta-border', '#d8d2c4', 'demo.themeBorder'),
  line('--regatta-muted', '#5b5346', 'demo.themeMuted'),
].join('\n')}
}</code></pre>`;
}

function previewForm({ t }: Locale): Html {
  return html`<form id="preview-form">
      <div>
        <label for="f-event">${t('demo.eventSlug')}</label>
        <input id="f-event" name="event" required autocomplete="off" spellcheck="false" placeholder="spring-cup">
      </div>
      <div>
        <label for="f-token">${t('demo.embedToken')}</label>
        <input id="f-token" name="token" type="password" autocomplete="off" spellcheck="false" placeholder="rgt_embed_…">
      </div>
      <div>
        <label for="f-view">${t('demo.view')}</label>
        <select id="f-view" name="view">
          <option value="standings">${t('demo.viewStandings')}</option>
          <option value="results">${t('demo.viewResults')}</option>
          <option value="entries">${t('demo.viewEntries')}</option>
          <option value="schedule">${t('demo.viewSchedule')}</option>
        </select>
      </div>
      <div>
        <label for="f-fleet">${t('demo.fleet')} <span class="hint">${t('demo.optional')}</span></label>
        <input id="f-fleet" name="fleet" autocomplete="off" spellcheck="false">
      </div>
      <div>
        <label for="f-theme">${t('demo.theme')}</label>
        <select id="f-theme" name="theme">
          <option value="">${t('demo.themeDefault')}</option>
          <option value="theme-dark">${t('demo.themeDark')}</option>
          <option value="theme-club">${t('demo.themeClub')}</option>
        </select>
      </div>
      <div><button type="submit">${t('demo.show')}</button></div>
    </form>`;
}

export function embedDemoPage(locale: Locale = ENGLISH): string {
  const { t } = locale;
  return html`${documentStart(locale, t('demo.title'))}
<style>${new Html(STYLE)}</style>
<script src="/embed/v1/regatta-widget.js" async></script>
</head>
<body>
<header>
  <div class="top"><a href="/regattas">${t('site.name')}</a>${siteTools(locale, { path: '/embed/v1/demo' })}</div>
  <h1>${t('demo.heading')}</h1>
  <p class="lead">${t('demo.lead')}</p>
</header>
<main>
  <section aria-labelledby="step-token">
    <h2 id="step-token">${t('demo.tokenHeading')}</h2>
    <p>${markup(locale, 'demo.tokenText')}</p>
  </section>

  <section aria-labelledby="step-paste">
    <h2 id="step-paste">${t('demo.pasteHeading')}</h2>
    <p>${markup(locale, 'demo.pasteText')}</p>
    <pre tabindex="0" aria-label="${t('demo.snippetLabel')}"><code id="snippet">&lt;script src="<span data-origin>{ORIGIN}</span>/embed/v1/regatta-widget.js" async&gt;&lt;/script&gt;
&lt;regatta-results event="<span id="snippet-event">spring-cup</span>" token="${t('demo.tokenPlaceholder')}" view="<span id="snippet-view">standings</span>"&gt;&lt;/regatta-results&gt;</code></pre>
    <p><button type="button" class="secondary" id="copy-snippet">${t('demo.copy')}</button> <span id="copy-status" role="status" data-copied="${t('demo.copied')}" data-unavailable="${t('demo.copyUnavailable')}"></span></p>

    <h3>${t('demo.attributes')}</h3>
    ${attributesTable(locale)}
  </section>

  <section aria-labelledby="step-theme">
    <h2 id="step-theme">${t('demo.themeHeading')}</h2>
    <p>${t('demo.themeText')}</p>
    ${themeExample(locale)}
    <p>${t('demo.contrast')}</p>
  </section>

  <section aria-labelledby="step-preview">
    <h2 id="step-preview">${t('demo.previewHeading')}</h2>
    <p>${t('demo.previewText')}</p>
    ${previewForm(locale)}
    <p id="preview-log" role="status" aria-live="polite" data-updated="${t('demo.previewUpdated', { view: '{view}', time: '{time}' })}" data-error="${t('demo.previewError', { message: '{message}', code: '{code}' })}">${t('demo.previewHint')}</p>
    <div class="preview" id="preview-area"></div>
  </section>

  <section aria-labelledby="step-dev">
    <h2 id="step-dev">${t('demo.devHeading')}</h2>
    <p>${markup(locale, 'demo.devText')}</p>
  </section>
</main>
<footer>
  <p>${t('demo.footer')}</p>
</footer>
<script>${new Html(SCRIPT)}</script>
</body>
</html>
`.value;
}
