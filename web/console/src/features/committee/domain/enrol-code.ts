/**
 * The enrolment code in a QR payload's fragment (`/console/committee/<slug>#enrol=<code>`): in the
 * fragment, the code never reaches a server's logs as part of an address. Undefined when there is none.
 */
export function codeFromFragment(hash: string): string | undefined {
  const value = new URLSearchParams(hash.replace(/^#/, '')).get('enrol')?.trim();
  return value || undefined;
}
