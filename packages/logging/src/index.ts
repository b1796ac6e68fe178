/**
 * JSON logs (pino) with service, version and request id on every line; credentials redacted.
 */
import { pino, type Logger, type LoggerOptions } from 'pino';

export type { Logger };

/** Paths that may carry credentials in any log line we write. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-identity-assertion"]',
  'req.headers["x-embed-token"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  '*.password',
  '*.secret',
  '*.apiKey',
  '*.token',
  'password',
  'secret',
  'apiKey',
  'token',
];

export interface LoggerSettings {
  service: string;
  version: string;
  level?: LoggerOptions['level'];
}

export function createLogger(settings: LoggerSettings): Logger {
  return pino({
    level: settings.level ?? 'info',
    base: { service: settings.service, version: settings.version },
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  });
}
