/**
 * Mints an X-Identity-Assertion for the load test's direct-to-service run (the gateway/direct ratio).
 * Same issuer, audience, algorithm and claims as packages/http/src/assertion.ts, but a 10-minute
 * lifetime instead of 60 s so one token lasts a whole k6 run. Test and development secrets only.
 *
 *   node --conditions=@regatta/source --import tsx scripts/k6/mint-assertion.ts [scopes] [lifetimeSeconds]
 *
 * Prints the token. The secret is IDENTITY_ASSERTION_SECRET, or the development default.
 */
import { randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { resolveSecret } from '@regatta/config';

const scopes = (process.argv[2] ?? 'read').split(',').filter(Boolean);
const lifetime = Number(process.argv[3] ?? 600);
const env = process.env['NODE_ENV'] === 'production' ? 'production' : 'test';
if (env === 'production') {
  process.stderr.write('mint-assertion: refusing to mint assertions for production\n');
  process.exit(1);
}
const secret = resolveSecret(process.env['IDENTITY_ASSERTION_SECRET'], env, 'assertion');
// A key-authenticated caller with no organization roles: what the gateway sends for a bearer key
// that can read public events.
const token = jwt.sign({ kid: randomUUID(), scopes, roles: {}, via: 'key' }, secret, {
  algorithm: 'HS256',
  issuer: 'regatta-gateway',
  audience: 'regatta-services',
  expiresIn: lifetime,
  subject: randomUUID(),
});
process.stdout.write(`${token}\n`);
