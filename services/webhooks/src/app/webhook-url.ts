/** A webhook URL as accepted for this environment (domain/url-rules.ts), or a 400 naming the field. */
import { validationFailed } from '@regatta/http';
import { checkWebhookUrl, type RuntimeEnv } from '../domain/url-rules.js';

export function checkedUrl(env: RuntimeEnv, url: string): string {
  const check = checkWebhookUrl(url, env);
  if (!check.ok) throw validationFailed([{ field: 'url', message: check.message }]);
  return check.url;
}
