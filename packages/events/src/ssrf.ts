import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Where a webhook may not go: anything but the public internet. Private, loopback, link-local (cloud
 * metadata at 169.254.169.254 among them), CGNAT, unspecified, multicast, reserved, IPv6 unique-local
 * and link-local; IPv4-mapped (`::ffff:0:0/96`) and IPv4-compatible (`::/96`) IPv6 judged by the IPv4
 * address they carry, and the ranges that translate or tunnel to IPv4 (SIIT, NAT64, 6to4, Teredo) refused
 * as ranges of their own.
 */
export function forbiddenAddress(address: string): string | null {
  if (!ipaddr.isValid(address)) return `${address} is not an address`;
  const ip = ipaddr.parse(address);
  const range = (ip.kind() === 'ipv6' ? (embeddedIPv4(ip as ipaddr.IPv6) ?? ip) : ip).range();
  return range === 'unicast' ? null : `${address} is in a ${range} range`;
}

/**
 * The IPv4 address an IPv6 one holds in its last 32 bits when the 96 before are `::ffff` (mapped) or all
 * zero (the deprecated IPv4-compatible form: ipaddr.js calls `::7f00:1` unicast, yet it holds
 * 127.0.0.1, issue 43). `::` and `::1` stay the IPv6 unspecified and loopback addresses they are.
 */
function embeddedIPv4(ip: ipaddr.IPv6): ipaddr.IPv4 | undefined {
  if (ip.isIPv4MappedAddress()) return ip.toIPv4Address();
  if (ip.parts.slice(0, 6).some((part) => part !== 0)) return undefined;
  const [high = 0, low = 0] = ip.parts.slice(6);
  if (high === 0 && low <= 1) return undefined;
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}

export class ForbiddenTargetError extends Error {
  readonly code = 'EFORBIDDENTARGET';
  constructor(reason: string) {
    super(`webhook target refused: ${reason}`);
    this.name = 'ForbiddenTargetError';
  }
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for net.connect that refuses forbidden addresses: checked when the connection is made, so
 * a name that resolves inside (at once or after a later DNS change) is refused too. Every address of
 * a name must be allowed.
 */
export function guardedLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    for (const a of addresses) {
      const problem = forbiddenAddress(a.address);
      if (problem) return callback(new ForbiddenTargetError(`${hostname}: ${problem}`), []);
    }
    if (options.all) return callback(null, addresses);
    const first = addresses[0];
    if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), []);
    callback(null, first.address, first.family);
  });
}

/** A literal address in the URL never reaches lookup: it is checked here, before connecting. */
export function literalAddressProblem(url: URL): string | null {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return isIP(host) ? forbiddenAddress(host) : null;
}
