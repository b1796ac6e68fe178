/**
 * The widget script as served: assets/regatta-widget.js with the words it shows filled in, in every
 * language of the public pages (i18n/en.json, de.json). One script for all readers (it is cached by
 * URL): the widget picks the language in the browser, from its `lang` attribute, else the page's
 * (the nearest `lang`), else the browser's languages (what Accept-Language sends), else English.
 * The words are the `widget` messages and the few shared with the pages (column names, provisional
 * and official, race statuses, the entries caption), flattened to dotted keys; plural forms keep
 * their i18next suffix (`_one`, `_other`) and the widget picks one with Intl.PluralRules.
 */
import { readFileSync } from 'node:fs';
import { LANGUAGES, RESOURCES, type Language } from '../i18n/locale.js';

/** Keys (or key prefixes, ending in '.' or '_') of the messages the widget uses. */
export const WIDGET_MESSAGES = ['widget.', 'columns.', 'status.official', 'status.provisional', 'terms.raceStatus.', 'entries.caption_', 'regatta.status'] as const;

/** Where the served script takes its words: the object literal after `const WORDS =`. */
const PLACEHOLDER = /const WORDS = \{\/\*[^*]*\*\/\};/;

type Tree = { readonly [key: string]: string | Tree };

function flatten(tree: Tree, prefix = '', out: Record<string, string> = {}): Record<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out[prefix + key] = value;
    else flatten(value, `${prefix}${key}.`, out);
  }
  return out;
}

/** Each language's widget messages, dotted key → text. */
export function widgetWords(): Record<Language, Record<string, string>> {
  return Object.fromEntries(
    LANGUAGES.map((lang) => {
      const all = flatten(RESOURCES[lang].translation as Tree);
      const wanted = Object.entries(all).filter(([key]) => WIDGET_MESSAGES.some((m) => (/[._]$/.test(m) ? key.startsWith(m) : key === m)));
      return [lang, Object.fromEntries(wanted)];
    }),
  ) as Record<Language, Record<string, string>>;
}

/** The script with its words; fails at start-up if the asset lost its placeholder. */
export function widgetScript(source = readFileSync(new URL('../../assets/regatta-widget.js', import.meta.url), 'utf8')): string {
  if (!PLACEHOLDER.test(source)) throw new Error('regatta-widget.js has no `const WORDS = {/* … */};` for its words');
  return source.replace(PLACEHOLDER, () => `const WORDS = ${JSON.stringify(widgetWords())};`);
}
