/**
 * Password hashing with Node's scrypt: N = 2^15, r = 8, p = 1 (32 MiB of memory, about 50-100 ms per
 * hash on one core), 16-byte random salt, 64-byte output; encoded as
 * "scrypt$<logN>$<r>$<p>$<salt b64>$<hash b64>" so the parameters can be raised later and old
 * hashes still verify. Comparison is constant-time.
 */
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export interface ScryptParams {
  logN: number;
  r: number;
  p: number;
}

export const DEFAULT_SCRYPT: ScryptParams = { logN: 15, r: 8, p: 1 };
const KEY_LENGTH = 64;

function scrypt(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  const N = 2 ** params.logN;
  const options: ScryptOptions = { N, r: params.r, p: params.p, maxmem: 128 * N * params.r * params.p + 16 * 1024 * 1024 };
  return new Promise((resolve, reject) => {
    scryptCallback(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export async function hashPassword(password: string, params: ScryptParams = DEFAULT_SCRYPT): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, params);
  return ['scrypt', params.logN, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const parts = encoded.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, logN, r, p, saltText, keyText] = parts as [string, string, string, string, string, string];
  const params = { logN: Number(logN), r: Number(r), p: Number(p) };
  if (![params.logN, params.r, params.p].every((value) => Number.isInteger(value) && value > 0) || params.logN > 20) return false;
  const expected = Buffer.from(keyText, 'base64');
  const actual = await scrypt(password, Buffer.from(saltText, 'base64'), params);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A real hash of a random password: verifying against it makes unknown emails cost the same time. */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(16).toString('hex'));
  return decoy;
}
