/**
 * Typed configuration, parsed once at start-up. A missing or bad value stops the process with one
 * clear line, so a misconfigured deployment fails at boot rather than on the first request.
 */
import { z } from 'zod';

export { z };

export class ConfigError extends Error {}

/** Parses `env` with `schema`; throws ConfigError with one line naming every bad variable. */
export function parseConfig<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `${issue.path.join('.') || '(env)'}: ${issue.message}`);
  throw new ConfigError(`invalid configuration: ${problems.join('; ')}`);
}

/** Like parseConfig, but prints the one line and exits 1: for a process's main module. */
export function loadConfig<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  try {
    return parseConfig(schema, env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

const DEV_ASSERTION_SECRET = 'dev-only-identity-assertion-secret-0123456789abcdef';
const DEV_SESSION_SECRET = 'dev-only-session-jwt-secret-0123456789abcdefghijklmn';

export const nodeEnv = z.enum(['development', 'test', 'production']).default('development');
export const port = (fallback: number) => z.coerce.number().int().min(1).max(65535).default(fallback);
export const logLevel = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info');

/** A secret that has a development default but must be set (>= 32 chars) in production. */
function secret(name: string) {
  return z.string().min(32, `${name} must be at least 32 characters`).optional();
}

/** Fields shared by every process. */
export const sessionSecret = secret('SESSION_JWT_SECRET');

export const baseEnvShape = {
  NODE_ENV: nodeEnv,
  LOG_LEVEL: logLevel,
  IDENTITY_ASSERTION_SECRET: secret('IDENTITY_ASSERTION_SECRET'),
};

/** Fields every domain service shares (PostgreSQL schema of its own, Kafka). */
export const serviceEnvShape = {
  ...baseEnvShape,
  DATABASE_URL: z.string().url().default('postgres://regatta@127.0.0.1:55432/regatta'),
  KAFKA_BROKERS: z
    .string()
    .default('127.0.0.1:59092')
    .transform((value) => value.split(',').map((broker) => broker.trim()).filter(Boolean)),
  KAFKA_TOPIC_PREFIX: z.string().regex(/^[a-z0-9._-]*$/, 'only a-z, 0-9, ".", "_" and "-"').default(''),
};

/** Resolves the development defaults of secrets, refusing them in production. */
export function resolveSecret(value: string | undefined, env: 'development' | 'test' | 'production', which: 'assertion' | 'session'): string {
  if (value) return value;
  if (env === 'production') {
    const name = which === 'assertion' ? 'IDENTITY_ASSERTION_SECRET' : 'SESSION_JWT_SECRET';
    throw new ConfigError(`invalid configuration: ${name}: required in production`);
  }
  return which === 'assertion' ? DEV_ASSERTION_SECRET : DEV_SESSION_SECRET;
}
