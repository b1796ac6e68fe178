import assert from 'node:assert/strict';
import { test } from 'node:test';
import { base58, generateApiKey, generateEmbedToken, sha256Hex } from './secrets.js';

test('base58 matches the Bitcoin alphabet on known vectors', () => {
  assert.equal(base58(Buffer.from('Hello World!')), '2NEpo7TZRRrLZSi2U');
  assert.equal(base58(Buffer.from([0, 0, 0x28, 0x7f, 0xb4, 0xcd])), '11233QC4');
  assert.equal(base58(Buffer.alloc(32, 0xff)), 'JEKNVnkbo3jma5nREBBJCDoXFVeKkD56V3xKrvRmWxFG');
});

test('an API key is rgt_ + base58(32 bytes); keyPrefix is its first 14 characters; only SHA-256 is kept', () => {
  const random = Uint8Array.from({ length: 32 }, (_, index) => index);
  const key = generateApiKey(random);
  assert.equal(key.secret, 'rgt_1thX6LZfHDZZKUs92febYZhYRcXddmzfzF2NvTkPNE');
  assert.equal(key.prefix, 'rgt_1thX6LZfHD');
  assert.equal(key.hash, '2e93cd47eec91c0db98bbc6cf2a539897b07b7452bca4e59e0f2a9ce40987820');
  assert.equal(sha256Hex('abc'), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
});

test('random keys differ, are 44-48 characters of the alphabet, and embed tokens carry their own prefix', () => {
  const a = generateApiKey();
  const b = generateApiKey();
  assert.notEqual(a.secret, b.secret);
  assert.match(a.secret, /^rgt_[1-9A-HJ-NP-Za-km-z]{40,44}$/);
  const embed = generateEmbedToken();
  assert.match(embed.secret, /^rgt_embed_[1-9A-HJ-NP-Za-km-z]{40,44}$/);
  assert.equal(embed.prefix, embed.secret.slice(0, 14));
});
