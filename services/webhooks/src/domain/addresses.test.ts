import assert from 'node:assert/strict';
import { test } from 'node:test';
import { addressAllowed, classifyAddress, parseIpv6 } from './addresses.js';

test('IPv4 classification', () => {
  const cases: Array<[string, string]> = [
    ['8.8.8.8', 'public'],
    ['93.184.216.34', 'public'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['172.32.0.1', 'public'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'metadata'],
    ['169.254.1.1', 'link_local'],
    ['100.64.0.1', 'cgnat'],
    ['100.127.255.255', 'cgnat'],
    ['100.128.0.1', 'public'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['192.0.2.10', 'reserved'],
  ];
  for (const [address, expected] of cases) assert.equal(classifyAddress(address), expected, address);
});

test('IPv6 classification, including IPv4 embedded in IPv6', () => {
  const cases: Array<[string, string]> = [
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['fe80::1%eth0', 'link_local'],
    ['fc00::1', 'private'],
    ['fd12:3456::1', 'private'],
    ['fd00:ec2::254', 'metadata'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'reserved'],
    ['2606:4700:4700::1111', 'public'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:8.8.8.8', 'public'],
    ['64:ff9b::a00:1', 'private'],
    ['2002:a00:1::1', 'private'],
  ];
  for (const [address, expected] of cases) assert.equal(classifyAddress(address), expected, address);
  assert.deepEqual(parseIpv6('1:2::7:8'), [1, 2, 0, 0, 0, 0, 7, 8]);
  assert.equal(parseIpv6('1:2:3'), undefined);
  assert.equal(parseIpv6('1::2::3'), undefined);
  assert.equal(classifyAddress('example.org'), undefined);
  assert.equal(classifyAddress('256.1.1.1'), undefined);
});

test('production allows only public addresses; development also loopback and private but never metadata', () => {
  assert.equal(addressAllowed('public', 'production'), true);
  for (const kind of ['loopback', 'private', 'link_local', 'cgnat', 'metadata', 'unspecified', 'multicast', 'reserved'] as const) {
    assert.equal(addressAllowed(kind, 'production'), false, kind);
  }
  assert.equal(addressAllowed('loopback', 'development'), true);
  assert.equal(addressAllowed('metadata', 'development'), false);
  assert.equal(addressAllowed('unspecified', 'development'), false);
});
