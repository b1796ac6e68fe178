/**
 * API keys and embed tokens: a fixed prefix plus base58 of 32 random bytes, shown once and stored
 * only as SHA-256 hex. Lookup is an equality match on the hash (unique index), so no secret is ever
 * compared in variable time: an attacker who controls the input controls only the hash's bytes.
 */
import { createHash, randomBytes } from 'node:crypto';

export const API_KEY_PREFIX = 'rgt_';
export const EMBED_TOKEN_PREFIX = 'rgt_embed_';
/** The contract: keyPrefix is the key's first 14 characters. */
export const KEY_PREFIX_LENGTH = 14;
const RANDOM_BYTES = 32;

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** Bitcoin-alphabet base58 (leading zero bytes become "1"). */
export function base58(bytes: Uint8Array): string {
  let value = 0n;
  for (const byte of bytes) value = (value << 8n) + BigInt(byte);
  let out = '';
  while (value > 0n) {
    out = ALPHABET[Number(value % 58n)] + out;
    value /= 58n;
  }
  for (const byte of bytes) {
    if (byte !== 0) break;
    out = `1${out}`;
  }
  return out;
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

export interface GeneratedSecret {
  /** The full secret: returned to the caller once. */
  secret: string;
  /** Its first 14 characters: stored and listed, identifies the key to its owner. */
  prefix: string;
  /** SHA-256 hex: the only thing stored that can match a presented secret. */
  hash: string;
}

function generate(prefix: string, random: Uint8Array = randomBytes(RANDOM_BYTES)): GeneratedSecret {
  const secret = prefix + base58(random);
  return { secret, prefix: secret.slice(0, KEY_PREFIX_LENGTH), hash: sha256Hex(secret) };
}

export const generateApiKey = (random?: Uint8Array) => generate(API_KEY_PREFIX, random);
export const generateEmbedToken = (random?: Uint8Array) => generate(EMBED_TOKEN_PREFIX, random);
