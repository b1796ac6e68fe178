/**
 * The API's result vocabulary (shared: RESULT_STATUSES, RESULT_CODES of @regatta/contracts) and which
 * Appendix A codes go with which public status. Codes arrive in any case and are stored upper case.
 */
import type { RESULT_CODES, ResultStatus } from '@regatta/contracts';

type InputCode = (typeof RESULT_CODES)[number];

/** Which codes go with which public status (the first is the default when `code` is omitted). */
export const CODES_BY_STATUS: Readonly<Record<ResultStatus, readonly (InputCode | null)[]>> = {
  finished: [null, 'zfp', 'scp', 'dpi', 'rdg'],
  dnf: ['dnf', 'ret', 'nsc', 'rdg'],
  dns: ['dns', 'ocs', 'rdg'],
  dsq: ['dsq', 'ufd', 'bfd', 'dne', 'rdg'],
  dnc: ['dnc', 'rdg'],
  raf: ['ret', 'rdg'],
};

/** The stored code of an entry: the given code, else the status's default (null for a clean finish). */
export function effectiveCode(status: ResultStatus, code: string | null | undefined): string | null {
  const given = code ? code.toLowerCase() : null;
  const chosen = given ?? CODES_BY_STATUS[status][0] ?? null;
  return chosen ? chosen.toUpperCase() : null;
}

export function codeAllowed(status: ResultStatus, code: string | null | undefined): boolean {
  if (!code) return true;
  return (CODES_BY_STATUS[status] as readonly (string | null)[]).includes(code.toLowerCase());
}
