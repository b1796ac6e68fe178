import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { IncomingMessage } from 'node:http';
import { clientAddress, parseTrustProxy } from './client-address.js';

const request = (peer: string, forwarded?: string) => ({ socket: { remoteAddress: peer }, connection: { remoteAddress: peer }, headers: forwarded ? { 'x-forwarded-for': forwarded } : {} }) as unknown as IncomingMessage;

test('loopback (default): a local proxy is believed, anyone else is the client', () => {
  const trust = parseTrustProxy('loopback');
  assert.equal(clientAddress(request('127.0.0.1', '203.0.113.7'), trust), '203.0.113.7');
  assert.equal(clientAddress(request('198.51.100.2', '203.0.113.7'), trust), '198.51.100.2', 'a remote peer cannot claim another address');
  assert.equal(clientAddress(request('127.0.0.1'), trust), '127.0.0.1');
});

test('one hop (behind one ingress): the address the ingress saw, not what the client wrote', () => {
  const trust = parseTrustProxy('1');
  // The client forged "1.2.3.4"; the ingress (10.0.0.5) appended the real peer 203.0.113.7.
  assert.equal(clientAddress(request('10.0.0.5', '1.2.3.4, 203.0.113.7'), trust), '203.0.113.7');
});

test('a CIDR list: hops inside it are skipped', () => {
  const trust = parseTrustProxy('10.0.0.0/8, loopback');
  assert.equal(clientAddress(request('10.1.2.3', '203.0.113.9, 10.0.0.7'), trust), '203.0.113.9');
});
