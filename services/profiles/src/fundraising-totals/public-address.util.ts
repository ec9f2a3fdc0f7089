import { BlockList, isIP } from 'node:net';

// Addresses a server on the internet never has: private, loopback, link-local, shared, documentation,
// multicast and reserved ranges (IANA special-purpose registries), for IPv4 and IPv6.
const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(net, prefix, 'ipv6');

/** An IPv4 address carried inside IPv6 (`::ffff:10.0.0.1`, `::10.0.0.1`), checked as the IPv4 it is. */
function embeddedIpv4(address: string): string | undefined {
  const match = /^(?:0*:)*(?:::)?(?:ffff:(?:0+:)?)?(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (match) return match[1];
  const hex = /^(?:0*:)*(?:::)?ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex) return undefined;
  const hi = parseInt(hex[1]!, 16);
  const lo = parseInt(hex[2]!, 16);
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

/** True only for an address a public server may have; anything unparsable counts as not public. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return !blocked.check(bare, 'ipv4');
  if (family === 6) {
    const v4 = embeddedIpv4(bare);
    if (v4 !== undefined) return isIP(v4) === 4 && !blocked.check(v4, 'ipv4');
    return !blocked.check(bare, 'ipv6');
  }
  return false;
}

/** `*.donordrive.com` matches `www.donordrive.com` and `donordrive.com`; other entries match exactly. */
export function hostAllowed(host: string, allowed: readonly string[]): boolean {
  if (allowed.length === 0) return true;
  const name = host.toLowerCase().replace(/\.$/, '');
  return allowed.some((entry) =>
    entry.startsWith('*.') ? name === entry.slice(2) || name.endsWith(entry.slice(1)) : name === entry,
  );
}

/** Names that only mean something inside a network: `localhost`, single labels (`redis`), `.internal`, `.local`. */
function isLocalName(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  return !name.includes('.') || /(^|\.)(localhost|internal|local|localdomain|home\.arpa)$/.test(name);
}

/**
 * Why the totals sync must never fetch `address`, or null when it may: an origin in `emulatorOrigins`
 * (the local emulators, by explicit configuration) always may; anything else must be https, on a
 * public address or a public name, and on `allowedHosts` when there are any.
 */
export function platformAddressProblem(
  address: string,
  allowedHosts: readonly string[],
  emulatorOrigins: readonly string[],
): string | null {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return 'must be a web address';
  }
  if (emulatorOrigins.includes(url.origin)) return null;
  if (url.protocol !== 'https:') return 'must be an https address';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) ? !isPublicAddress(host) : isLocalName(host)) return 'must be a public address';
  if (!hostAllowed(host, allowedHosts)) return `must be on a DonorDrive site we support (not ${host})`;
  return null;
}
