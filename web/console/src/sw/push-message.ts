/**
 * What a web push becomes on the screen: the notifications service sends `{title, body, url, kind}`
 * (already in the person's language), and the notification opens `url`, but only a page of the
 * console's own origin. A link to any other origin, or a payload that cannot be read, opens the
 * console's start page instead: a push never sends a person off-site.
 */
export interface PushNotice {
  title: string;
  body: string;
  /** The page a click opens, always of the console's origin. */
  url: string;
  kind?: string;
}

/** The link itself when it is of the scope's origin (http/https only), else the scope. */
export function sameOriginLink(link: unknown, scope: string): string {
  if (typeof link !== 'string' || link === '') return scope;
  const home = new URL(scope);
  let url: URL;
  try {
    url = new URL(link, home);
  } catch {
    return scope;
  }
  if (url.origin !== home.origin || (url.protocol !== 'https:' && url.protocol !== 'http:')) return scope;
  url.username = '';
  url.password = '';
  return url.href;
}

const text = (value: unknown, limit: number): string => (typeof value === 'string' ? value.slice(0, limit) : '');

/**
 * The notice of a push's text. A payload that is not the service's JSON still shows (a push must
 * show something): the text as its body under the site's host name.
 */
export function pushNotice(data: string | null, scope: string): PushNotice {
  let payload: unknown;
  try {
    payload = data ? JSON.parse(data) : undefined;
  } catch {
    payload = undefined;
  }
  const host = new URL(scope).host;
  if (!payload || typeof payload !== 'object') return { title: host, body: text(data ?? '', 200), url: scope };
  const fields = payload as Record<string, unknown>;
  const notice: PushNotice = {
    title: text(fields['title'], 200) || host,
    body: text(fields['body'], 500),
    url: sameOriginLink(fields['url'], scope),
  };
  if (typeof fields['kind'] === 'string') notice.kind = fields['kind'];
  return notice;
}
