import { isIPv4, isIPv6 } from 'node:net';

/**
 * Whether the worker may connect to an address when it fetches an integrator's photo: only public
 * unicast. Everything else (loopback, private, link-local with the cloud metadata service at
 * 169.254.169.254, CGNAT, unique-local, multicast, reserved, documentation) would let a URL reach our
 * own network. IPv6 forms that carry an IPv4 address (mapped, NAT64, 6to4) are judged by that address.
 */
export function isPublicAddress(address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (isIPv4(ip)) return isPublicIPv4(ipv4ToNumber(ip));
  if (isIPv6(ip)) return isPublicIPv6(ipv6ToBigInt(ip));
  return false;
}

/** IPv4 ranges that are not public unicast (IANA special-purpose registry and multicast). */
const IPV4_REFUSED: [string, number][] = [
  ['0.0.0.0', 8], // "this network", incl. the unspecified 0.0.0.0
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, incl. cloud metadata 169.254.169.254
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, incl. broadcast 255.255.255.255
];

/** IPv6 ranges inside global unicast (2000::/3) that are still not public. */
const IPV6_REFUSED: [string, number][] = [
  ['2001::', 23], // IETF protocol assignments, incl. Teredo 2001::/32
  ['2001:db8::', 32], // documentation
  ['3fff::', 20], // documentation
];

function ipv4ToNumber(ip: string): number {
  return ip.split('.').reduce((value, part) => value * 256 + Number(part), 0);
}

function inIPv4(value: number, base: string, bits: number): boolean {
  const size = 2 ** (32 - bits);
  return Math.floor(value / size) === Math.floor(ipv4ToNumber(base) / size);
}

function isPublicIPv4(value: number): boolean {
  return !IPV4_REFUSED.some(([base, bits]) => inIPv4(value, base, bits));
}

/** The 128-bit value of an IPv6 address (with `::` and a trailing dotted IPv4 part). */
function ipv6ToBigInt(ip: string): bigint {
  let text = ip.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const v4 = ipv4ToNumber(dotted[1]);
    text = `${text.slice(0, -dotted[1].length)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail === undefined ? [] : tail ? tail.split(':') : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = [...headGroups, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...tailGroups];
  return groups.reduce((value, group) => (value << 16n) | BigInt(parseInt(group, 16)), 0n);
}

function inIPv6(value: bigint, base: string, bits: number): boolean {
  const shift = BigInt(128 - bits);
  return value >> shift === ipv6ToBigInt(base) >> shift;
}

const lowIPv4 = (value: bigint, shift = 0n): number => Number((value >> shift) & 0xffffffffn);

function isPublicIPv6(value: bigint): boolean {
  // IPv4-mapped (::ffff:a.b.c.d) and the NAT64 well-known prefix (64:ff9b::a.b.c.d) reach that IPv4 address.
  if (inIPv6(value, '::ffff:0:0', 96) || inIPv6(value, '64:ff9b::', 96)) return isPublicIPv4(lowIPv4(value));
  // 6to4 (2002:aabb:ccdd::/48) tunnels to the IPv4 address in bits 16-48.
  if (inIPv6(value, '2002::', 16)) return isPublicIPv4(lowIPv4(value, 80n));
  // Only global unicast is public: this refuses ::, ::1, IPv4-compatible, fc00::/7, fe80::/10, ff00::/8...
  if (!inIPv6(value, '2000::', 3)) return false;
  return !IPV6_REFUSED.some(([base, bits]) => inIPv6(value, base, bits));
}
