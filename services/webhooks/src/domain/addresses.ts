/**
 * Classification of IP addresses for the egress guard: deliveries in production go only to public
 * unicast addresses. Pure functions; the resolver that uses them lives in adapters/http-sender.ts.
 */
export type AddressClass =
  | 'public'
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'link_local'
  | 'cgnat'
  | 'metadata'
  | 'multicast'
  | 'reserved';

/** Parses dotted IPv4 to an unsigned 32-bit number; undefined when not an IPv4 literal. */
export function parseIpv4(text: string): number | undefined {
  const parts = text.split('.');
  if (parts.length !== 4) return undefined;
  let value = 0;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part)) return undefined;
    const octet = Number(part);
    if (octet > 255) return undefined;
    value = value * 256 + octet;
  }
  return value;
}

/** Parses an IPv6 literal (optionally with a trailing dotted IPv4 and a %zone) to 8 groups. */
export function parseIpv6(input: string): number[] | undefined {
  let text = input.startsWith('[') && input.endsWith(']') ? input.slice(1, -1) : input;
  const zone = text.indexOf('%');
  if (zone >= 0) text = text.slice(0, zone);
  if (!text.includes(':')) return undefined;
  const lastColon = text.lastIndexOf(':');
  const last = text.slice(lastColon + 1);
  if (last.includes('.')) {
    // A trailing dotted IPv4 ("::ffff:127.0.0.1") becomes two hex groups ("::ffff:7f00:1").
    const v4 = parseIpv4(last);
    if (v4 === undefined) return undefined;
    text = `${text.slice(0, lastColon + 1)}${Math.floor(v4 / 65536).toString(16)}:${(v4 % 65536).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const parse = (part: string): number[] | undefined => {
    if (part === '') return [];
    const groups: number[] = [];
    for (const group of part.split(':')) {
      if (!/^[0-9a-fA-F]{1,4}$/.test(group)) return undefined;
      groups.push(parseInt(group, 16));
    }
    return groups;
  };
  const head = parse(halves[0]!);
  if (!head) return undefined;
  if (halves.length === 2) {
    const rest = parse(halves[1]!);
    if (!rest) return undefined;
    const missing = 8 - head.length - rest.length;
    if (missing < 1) return undefined;
    return [...head, ...new Array<number>(missing).fill(0), ...rest];
  }
  return head.length === 8 ? head : undefined;
}

function inV4(value: number, base: string, bits: number): boolean {
  const start = parseIpv4(base)!;
  const size = 2 ** (32 - bits);
  return value >= start && value < start + size;
}

export function classifyIpv4(value: number): AddressClass {
  if (value === parseIpv4('169.254.169.254')) return 'metadata';
  if (inV4(value, '0.0.0.0', 8)) return 'unspecified';
  if (inV4(value, '127.0.0.0', 8)) return 'loopback';
  if (inV4(value, '10.0.0.0', 8) || inV4(value, '172.16.0.0', 12) || inV4(value, '192.168.0.0', 16)) return 'private';
  if (inV4(value, '169.254.0.0', 16)) return 'link_local';
  if (inV4(value, '100.64.0.0', 10)) return 'cgnat';
  if (inV4(value, '224.0.0.0', 4)) return 'multicast';
  if (
    inV4(value, '240.0.0.0', 4) || // reserved and 255.255.255.255 broadcast
    inV4(value, '192.0.0.0', 24) || // IETF protocol assignments
    inV4(value, '192.0.2.0', 24) || // documentation
    inV4(value, '198.51.100.0', 24) ||
    inV4(value, '203.0.113.0', 24) ||
    inV4(value, '198.18.0.0', 15) // benchmarking
  )
    return 'reserved';
  return 'public';
}

export function classifyIpv6(groups: number[]): AddressClass {
  const [g0, g1, g2, g3, g4, g5, g6, g7] = groups as [number, number, number, number, number, number, number, number];
  const embeddedV4 = g6 * 65536 + g7;
  if (groups.every((group) => group === 0)) return 'unspecified';
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0 && g6 === 0 && g7 === 1) return 'loopback';
  // IPv4-mapped ::ffff:a.b.c.d and IPv4-compatible ::a.b.c.d: judge the IPv4 address.
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && (g5 === 0xffff || g5 === 0)) return classifyIpv4(embeddedV4);
  // NAT64 64:ff9b::/96 embeds an IPv4 address as well.
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return classifyIpv4(embeddedV4);
  // 6to4 2002:AABB:CCDD::/48 embeds AA.BB.CC.DD.
  if (g0 === 0x2002) {
    const inner = classifyIpv4(g1 * 65536 + g2);
    if (inner !== 'public') return inner;
  }
  // AWS IMDS over IPv6.
  if (g0 === 0xfd00 && g1 === 0x0ec2 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0 && g6 === 0 && g7 === 0x254) return 'metadata';
  if ((g0 & 0xfe00) === 0xfc00) return 'private'; // fc00::/7 unique local
  if ((g0 & 0xffc0) === 0xfe80) return 'link_local'; // fe80::/10
  if ((g0 & 0xffc0) === 0xfec0) return 'private'; // fec0::/10 deprecated site-local
  if ((g0 & 0xff00) === 0xff00) return 'multicast';
  if (g0 === 0x2001 && g1 === 0x0db8) return 'reserved'; // documentation
  if (g0 === 0x0100 && g1 === 0 && g2 === 0 && g3 === 0) return 'reserved'; // discard-only 100::/64
  if (g0 === 0x2001 && g1 < 0x0200) return 'reserved'; // 2001::/23 IETF protocol assignments (Teredo, ORCHID...)
  return 'public';
}

/** Classifies an IP literal (v4 or v6); undefined when the text is not an IP address. */
export function classifyAddress(address: string): AddressClass | undefined {
  const v4 = parseIpv4(address);
  if (v4 !== undefined) return classifyIpv4(v4);
  const v6 = parseIpv6(address);
  if (v6 !== undefined) return classifyIpv6(v6);
  return undefined;
}

export type EgressPolicy = 'production' | 'development';

/**
 * Whether a delivery may connect to an address of this class. Production: public unicast only.
 * Development and test: anything but metadata and unspecified addresses (test receivers listen on
 * 127.0.0.1).
 */
export function addressAllowed(kind: AddressClass, policy: EgressPolicy): boolean {
  if (policy === 'production') return kind === 'public';
  return kind !== 'metadata' && kind !== 'unspecified';
}
