import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Where a webhook may not go: anything but the public internet. Private, loopback, link-local (cloud
 * metadata at 169.254.169.254 among them), CGNAT, unspecified, multicast, reserved, IPv6 unique-local
 * and link-local, and IPv4 inside IPv6 (mapped, 6to4, Teredo) judged by the IPv4 address it carries.
 */
export function forbiddenAddress(address: string): string | null {
  if (!ipaddr.isValid(address)) return `${address} is not an address`;
  let ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) ip = (ip as ipaddr.IPv6).toIPv4Address();
  const range = ip.range();
  return range === 'unicast' ? null : `${address} is in a ${range} range`;
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
