/**
 * A tagged template that escapes every interpolated value unless it is already `Html` (rendered by
 * this same tag). Escaping is the one thing a page renderer must never get wrong, so it is not left
 * to each call site; pages are small enough that no template engine is needed.
 */
import type { Locale, MessageKey, Vars } from '../../i18n/locale.js';

export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

type Value = Html | string | number | null | undefined | false | readonly Value[];

function render(value: Value): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof Html) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: Value[]): Html {
  let out = strings[0]!;
  values.forEach((value, i) => {
    out += render(value) + strings[i + 1]!;
  });
  return new Html(out);
}

/** A URL path segment, escaped for both the URL and the attribute. */
export const seg = (text: string) => encodeURIComponent(text);

/**
 * A message whose resource text carries its own markup (`<code>` in a sentence): the resources are
 * ours and trusted; the values put into it are escaped like any other.
 */
export function markup(locale: Locale, key: MessageKey, vars: Vars = {}): Html {
  const escaped = Object.fromEntries(Object.entries(vars).map(([name, value]) => [name, escapeHtml(String(value))]));
  return new Html(locale.t(key, escaped));
}
