/**
 * The page frame: accessible landmarks, the site header (home, language switch, Sign in), a
 * phone-first stylesheet and a print stylesheet (one fleet per page). Every word comes from the
 * page's Locale.
 */
import { LANGUAGES, type Locale } from '../../i18n/locale.js';
import { LANGUAGE_PARAM } from '../../i18n/negotiate.js';
import { Html, html } from './html.js';

const STYLE = `
:root{--fg:#1a1a1a;--muted:#555;--bg:#fff;--accent:#0b5394;--line:#d0d7de;--band:#f3f6f9;--warn:#7a4a00;--warnbg:#fff4d6;--ok:#1e6b34;--okbg:#e3f4e8}
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg)}
a{color:var(--accent)}
.skip{position:absolute;left:-999px}.skip:focus{left:8px;top:8px;background:#fff;padding:4px}
header.site{background:var(--accent);color:#fff;padding:.5rem 1rem;display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:.25rem 1rem}header.site a{color:#fff;text-decoration:none;font-weight:600}
.tools{display:flex;flex-wrap:wrap;align-items:center;gap:.25rem 1rem}ul.langs{list-style:none;margin:0;padding:0;display:flex;gap:.75rem}
ul.langs a{font-weight:400}ul.langs a[aria-current]{font-weight:600;text-decoration:underline}header.site a.signin{border:1px solid #fff;border-radius:4px;padding:.1rem .6rem}
main{max-width:72rem;margin:0 auto;padding:1rem}
a.button{display:inline-block;background:var(--accent);color:#fff;font-weight:600;text-decoration:none;border-radius:4px;padding:.5rem 1rem}a.button:focus{outline:3px solid var(--fg);outline-offset:2px}
h1{font-size:1.6rem;margin:.5rem 0}h2{font-size:1.25rem;margin:1.5rem 0 .5rem}h3{font-size:1.05rem}
nav.tabs ul{list-style:none;padding:0;margin:.5rem 0 1rem;display:flex;flex-wrap:wrap;gap:.25rem}
nav.tabs a{display:inline-block;padding:.35rem .75rem;border:1px solid var(--line);border-radius:999px;text-decoration:none}
nav.tabs a[aria-current=page]{background:var(--accent);color:#fff;border-color:var(--accent)}
.meta{color:var(--muted)}
.badge{display:inline-block;font-size:.8rem;font-weight:600;padding:.1rem .5rem;border-radius:4px}
.provisional{background:var(--warnbg);color:var(--warn)}.official{background:var(--okbg);color:var(--ok)}
.scroll{overflow-x:auto;-webkit-overflow-scrolling:touch}
table{border-collapse:collapse;width:100%;font-variant-numeric:tabular-nums;margin:.5rem 0 1rem}
caption{text-align:left;font-weight:600;padding:.25rem 0}
th,td{padding:.35rem .5rem;border-bottom:1px solid var(--line);text-align:left;white-space:nowrap}
th{background:var(--band)}td.num,th.num{text-align:right}
.dropped{color:var(--muted)}
ul.cards{list-style:none;padding:0;display:grid;gap:.75rem;grid-template-columns:repeat(auto-fill,minmax(16rem,1fr))}
ul.cards li{border:1px solid var(--line);border-radius:8px;padding:.75rem}
form.search{display:flex;gap:.5rem;flex-wrap:wrap}form.search input{flex:1;min-width:12rem;padding:.4rem;font:inherit}
form.search button{padding:.4rem .9rem;font:inherit;background:var(--accent);color:#fff;border:0;border-radius:4px}
footer{max-width:72rem;margin:2rem auto;padding:0 1rem;color:var(--muted);font-size:.875rem}
.live{font-size:.875rem;color:var(--muted)}
article.decision{border-top:1px solid var(--line);padding:.25rem 0}article.decision h4{margin:.75rem 0 .25rem}
article.decision dt{font-weight:600}article.decision dd{margin:0 0 .5rem}
@media (max-width:40rem){th,td{padding:.3rem .35rem;font-size:.9rem}h1{font-size:1.35rem}}
@media print{
  header.site,nav.tabs,form.search,footer,.live,.skip{display:none}
  body{font-size:11pt}main{max-width:none;padding:0}
  section.fleet{break-before:page}section.fleet:first-of-type{break-before:auto}
  table{break-inside:auto}tr{break-inside:avoid}a{color:inherit;text-decoration:none}
  .scroll{overflow:visible}
}`;

export interface LayoutOptions {
  title: string;
  body: Html;
  /** Canonical path of the page; its JSON twin is the same path with ".json". */
  path: string;
  /** The page's own query (a listing's search) kept by the language switch's links. */
  query?: Record<string, string>;
  /** Where the console should open after signing in (`/regattas/<slug>`), when the page has a place there. */
  signInNext?: string;
  /** When set, the page refreshes itself from the public live feed of this regatta. */
  liveSlug?: string;
}

/** The console's sign-in, opening `next` (a path inside the console) once signed in. */
export const signInHref = (next?: string) => `/console/sign-in${next ? `?next=${encodeURIComponent(next)}` : ''}`;

/** The same page in another language: `?lang=` (which the service also remembers in a cookie). */
export function languageHref(path: string, lang: string, query: Record<string, string> = {}): string {
  return `${path}?${new URLSearchParams({ ...query, [LANGUAGE_PARAM]: lang })}`;
}

/** The header's right side: the language switch (each language named in itself) and Sign in. */
export function siteTools(locale: Locale, options: { path: string; query?: Record<string, string>; signInNext?: string }): Html {
  const links = LANGUAGES.map(
    (lang) =>
      html`<li><a href="${languageHref(options.path, lang, options.query)}" hreflang="${lang}" lang="${lang}"${lang === locale.lang ? html` aria-current="true"` : ''}>${locale.t(`languages.${lang}`)}</a></li>`,
  );
  return html`<div class="tools"><nav aria-label="${locale.t('site.language')}"><ul class="langs">${links}</ul></nav><a class="signin" href="${signInHref(options.signInNext)}">${locale.t('site.signIn')}</a></div>`;
}

/**
 * A few lines that reload the page's main part when the public live feed says something changed (no
 * dependencies). The refetch revalidates (`no-cache`: a 304 when nothing changed): the page's own
 * `max-age` would otherwise hand back the copy loaded a moment before the change. What the status
 * line says (updated, reconnecting) comes with the page in its language, as data attributes.
 */
const liveScript = (slug: string, locale: Locale) =>
  html`<p class="live" aria-live="polite" id="live-status" data-live="${locale.t('live.status')}" data-updated="${locale.t('live.updated', { time: '{time}' })}" data-reconnecting="${locale.t('live.reconnecting')}">${locale.t('live.status')}</p>
<script>(function(){var s=document.getElementById('live-status');if(!window.EventSource||!s)return;var es=new EventSource('/regattas/${slug}/live');var t;var lost=false;
function say(n){s.textContent=n}
function go(){clearTimeout(t);t=setTimeout(function(){fetch(location.href,{headers:{accept:'text/html'},cache:'no-cache'}).then(function(r){return r.text()}).then(function(h){var d=new DOMParser().parseFromString(h,'text/html');var m=d.querySelector('main');if(m){document.querySelector('main').replaceWith(m);say(s.getAttribute('data-updated').replace('{time}',new Date().toLocaleTimeString(document.documentElement.lang,{timeZone:'UTC',timeZoneName:'short'})));}})},300)}
es.addEventListener('ready',function(){if(lost){lost=false;say(s.getAttribute('data-live'))}});es.addEventListener('error',function(){lost=true;say(s.getAttribute('data-reconnecting'))});
['results.updated','results.published','standings.updated','race.started','race.completed','registration.created','registration.updated','registration.cancelled','hearing.scheduled','decision.published','protest.withdrawn','reload'].forEach(function(n){es.addEventListener(n,go)});})();</script>`;

/** A document's start up to its title: its language, utf-8 and the phone viewport. */
export const documentStart = (locale: Locale, title: string) => html`<!doctype html>
<html lang="${locale.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>`;

export function layout(options: LayoutOptions, locale: Locale): string {
  const { t } = locale;
  return html`${documentStart(locale, options.title)}
<link rel="alternate" type="application/json" href="${options.path}.json">
<style>${new Html(STYLE)}</style>
</head>
<body>
<a class="skip" href="#content">${t('site.skip')}</a>
<header class="site"><a href="/regattas">${t('site.name')}</a>${siteTools(locale, options)}</header>
<main id="content">
${options.body}
</main>
<footer><p>${t('site.json')} <a href="${options.path}.json">${options.path}.json</a></p>${options.liveSlug ? liveScript(options.liveSlug, locale) : ''}</footer>
</body>
</html>`.value;
}
