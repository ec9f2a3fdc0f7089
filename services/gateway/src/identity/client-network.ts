import { isIPv4, isIPv6 } from 'node:net';

/** Eight 16-bit groups of an IPv6 address (`::` expanded, an embedded IPv4 tail turned into two). */
function ipv6Groups(address: string): number[] {
  let text = address;
  const v4 = text.match(/(\d{1,3}(?:\.\d{1,3}){3})$/);
  if (v4) {
    const [a, b, c, d] = v4[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, -v4[1]!.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const parse = (part: string) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/**
 * The key a per-IP limit counts a client by: an IPv4 address as it is (also when it comes as an
 * IPv4-mapped IPv6 address), an IPv6 address by its /64 prefix, since one host is given a whole /64
 * and could rotate through it. Anything else (no address known) is kept as it is.
 */
export function clientNetworkKey(ip: string): string {
  const address = ip.trim().replace(/%.*$/, '');
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return ip;
  const groups = ipv6Groups(address.toLowerCase());
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (mapped) return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}
