/**
 * Reading what was sent from the local SMTP server's HTTP API (Mailpit, started by scripts/infra.sh;
 * MAILPIT_URL). Every stack shares one Mailpit, so tests look messages up by their own unique
 * recipients' addresses.
 */
export interface MailSummary {
  ID: string;
  MessageID: string;
  Subject: string;
  To: Array<{ Name: string; Address: string }>;
  Created: string;
}

export interface MailDetail extends MailSummary {
  Text: string;
  HTML: string;
}

export function mailpitUrl(): string {
  return (process.env['MAILPIT_URL'] ?? 'http://127.0.0.1:58025').replace(/\/+$/, '');
}

async function json<T>(path: string): Promise<T> {
  const response = await fetch(`${mailpitUrl()}${path}`, { signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`Mailpit answered ${response.status} to ${path}`);
  return (await response.json()) as T;
}

/** Messages addressed to `address` (newest first), at most `limit`. */
export async function mailTo(address: string, limit = 200): Promise<MailSummary[]> {
  const query = new URLSearchParams({ query: `to:"${address}"`, limit: String(limit) });
  const body = await json<{ messages: MailSummary[] }>(`/api/v1/search?${query}`);
  // The search matches substrings; keep exact recipients only.
  return body.messages.filter((message) => message.To.some((to) => to.Address.toLowerCase() === address.toLowerCase()));
}

export async function mailDetail(id: string): Promise<MailDetail> {
  return json<MailDetail>(`/api/v1/message/${encodeURIComponent(id)}`);
}

/** The raw headers of a message (name → values). */
export async function mailHeaders(id: string): Promise<Record<string, string[]>> {
  return json<Record<string, string[]>>(`/api/v1/message/${encodeURIComponent(id)}/headers`);
}

/** Waits until `address` has at least `count` messages whose subject matches, then returns them. */
export async function waitForMail(address: string, subject: RegExp, count = 1, timeoutMs = 20_000): Promise<MailSummary[]> {
  const deadline = Date.now() + timeoutMs;
  let found: MailSummary[] = [];
  while (Date.now() < deadline) {
    found = (await mailTo(address)).filter((message) => subject.test(message.Subject));
    if (found.length >= count) return found;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`timed out waiting for ${count} message(s) matching ${subject} to ${address}; found ${found.length}`);
}
