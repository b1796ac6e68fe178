/**
 * A refusal in the screen's own words. ProblemAlert knows the codes of the common namespace; a screen
 * whose operations answer codes of their own (fleet_in_use, document_withdrawn ...) words them in its
 * namespace under problem.<code>, and this gives ProblemAlert the same error carrying that text (the
 * status, code, request id and field errors are kept).
 */
import { ApiError } from '../api/problem';

type Translate = (key: string, options: { defaultValue: string }) => string;

export function inOwnWords(error: unknown, t: Translate, ns: string): unknown {
  if (!(error instanceof ApiError)) return error;
  const text = t(`${ns}:problem.${error.code}`, { defaultValue: '' });
  if (!text) return error;
  return new ApiError(error.status, { code: error.code, detail: text, errors: error.fieldErrors }, error.requestId);
}
