import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { Agent, request } from 'undici';
import { MAX_PICTURE_BYTES } from './picture';

export interface FetchOptions {
  /** Budget of one attempt: connect, headers and the whole body. */
  timeoutMs: number;
  /** Attempts on transport errors (refused, reset, timed out); other failures are final. */
  attempts: number;
  retryDelayMs: number;
  /** Budget of the whole fetch, every attempt included. */
  budgetMs: number;
  /** `host` or `host:port` entries that may resolve to private, loopback or link-local addresses. */
  allowPrivateHosts: string[];
  maxBytes?: number;
  maxRedirects?: number;
}

export type FetchResult = { ok: true; content: Buffer } | { ok: false; reason: string };

/** Addresses no picture URL may reach unless its host is allowed: the SSRF guard. */
const BLOCKED = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3], // multicast and reserved
] as const) {
  BLOCKED.addSubnet(net, prefix, 'ipv4');
}
// Whole IPv6 ranges that embed or translate to an IPv4 address are refused, whichever address they
// carry: checking the embedded one would be one more parser to get right, and no avatar host needs them.
for (const [net, prefix] of [
  ['::', 96], // unspecified, loopback and the deprecated IPv4-compatible ::a.b.c.d (::7f00:1)
  ['::ffff:0:0:0', 96], // SIIT IPv4-translated
  ['64:ff9b::', 96], // NAT64 can reach IPv4 private space
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard-only
  ['2001::', 32], // Teredo tunnels
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4 embeds an IPv4 address
  ['fc00::', 7], // unique local
  ['fec0::', 10], // site-local (deprecated, still routed by some stacks)
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  BLOCKED.addSubnet(net, prefix, 'ipv6');
}

/** True when an address is private, loopback, link-local or otherwise not a public host. */
export function isBlockedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  // BlockList checks an IPv4-mapped address (::ffff:7f00:1, ::ffff:127.0.0.1) against the IPv4 rules.
  return BLOCKED.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

class BlockedAddressError extends Error {}

/** A DNS lookup that refuses when any resolved address is blocked, so the connection never starts. */
function guardedLookup(
  hostname: string,
  options: { all?: boolean; family?: number },
  callback: (err: Error | null, address: string | LookupAddress[], family?: number) => void,
): void {
  dnsLookup(hostname, { all: true, family: options.family ?? 0 }, (err, addresses) => {
    if (err) return callback(err, []);
    const bad = addresses.find((a) => isBlockedAddress(a.address));
    if (bad) return callback(new BlockedAddressError(`${hostname} resolves to ${bad.address}`), []);
    if (options.all) return callback(null, addresses);
    const first = addresses[0] as LookupAddress;
    callback(null, first.address, first.family);
  });
}

function hostAllowed(url: URL, allowed: string[]): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return allowed.some((entry) => {
    const e = entry.toLowerCase();
    return e === host || e === `${host}:${port}` || e === `[${host}]:${port}`;
  });
}

/**
 * Fetches picture bytes for the avatar proxy. Every hop (the URL and each redirect) is checked: only
 * http(s), and the host must resolve to public addresses unless it is in `allowPrivateHosts`. The
 * body is capped. Failures are results, not exceptions: the caller stores the identicon instead.
 */
export class PictureFetcher {
  private readonly guarded: Agent;
  private readonly open: Agent;

  constructor(private readonly options: FetchOptions) {
    const base = { connectTimeout: options.timeoutMs, keepAliveTimeout: 1000 };
    this.guarded = new Agent({ ...base, connect: { lookup: guardedLookup } as never });
    this.open = new Agent(base);
  }

  async fetch(rawUrl: string, bearerToken?: string): Promise<FetchResult> {
    let lastReason = 'no attempt';
    const deadline = Date.now() + this.options.budgetMs;
    for (let attempt = 1; attempt <= Math.max(1, this.options.attempts); attempt++) {
      const remaining = deadline - Date.now();
      if (remaining <= 0) return { ok: false, reason: `${lastReason}; fetch budget spent` };
      try {
        return await this.fetchOnce(rawUrl, Math.min(remaining, this.options.timeoutMs), bearerToken);
      } catch (err) {
        if (err instanceof FinalFailure) return { ok: false, reason: err.message };
        lastReason = `transport error: ${(err as Error).message}`;
        if (attempt < this.options.attempts) await sleep(this.options.retryDelayMs);
      }
    }
    return { ok: false, reason: lastReason };
  }

  private async fetchOnce(rawUrl: string, timeoutMs: number, bearerToken?: string): Promise<FetchResult> {
    const signal = AbortSignal.timeout(timeoutMs);
    const maxBytes = this.options.maxBytes ?? MAX_PICTURE_BYTES;
    let url = parseUrl(rawUrl);
    const origin = url.origin;
    for (let hop = 0; hop <= (this.options.maxRedirects ?? 5); hop++) {
      const allowed = hostAllowed(url, this.options.allowPrivateHosts);
      const literal = url.hostname.replace(/^\[|\]$/g, '');
      if (!allowed && isIP(literal) && isBlockedAddress(literal)) {
        throw new FinalFailure(`refused: ${literal} is a private, loopback or link-local address`);
      }
      // The bearer token goes to the provider's own origin only, never to where it redirects.
      const headers: Record<string, string> = { accept: 'image/*', 'user-agent': 'gatehouse-avatar' };
      if (bearerToken && url.origin === origin) headers.authorization = `Bearer ${bearerToken}`;
      let res: Awaited<ReturnType<typeof request>>;
      try {
        res = await request(url, {
          method: 'GET',
          headers,
          signal,
          dispatcher: allowed ? this.open : this.guarded,
          headersTimeout: timeoutMs,
          bodyTimeout: timeoutMs,
        });
      } catch (err) {
        if (err instanceof BlockedAddressError || (err as { cause?: unknown }).cause instanceof BlockedAddressError) {
          throw new FinalFailure(`refused: ${(err as Error).message}`);
        }
        throw err;
      }
      if ([301, 302, 303, 307, 308].includes(res.statusCode)) {
        await res.body.dump();
        const location = res.headers.location;
        if (typeof location !== 'string') throw new FinalFailure('redirect without a location');
        url = parseUrl(new URL(location, url).toString());
        continue;
      }
      if (res.statusCode !== 200) {
        await res.body.dump();
        throw new FinalFailure(`status ${res.statusCode}`);
      }
      const declared = Number(res.headers['content-length']);
      if (Number.isFinite(declared) && declared > maxBytes) {
        res.body.destroy();
        throw new FinalFailure(`body of ${declared} bytes is over the limit`);
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of res.body) {
        size += (chunk as Buffer).length;
        if (size > maxBytes) {
          res.body.destroy();
          throw new FinalFailure('body is over the limit');
        }
        chunks.push(chunk as Buffer);
      }
      return { ok: true, content: Buffer.concat(chunks) };
    }
    throw new FinalFailure('too many redirects');
  }

  async close(): Promise<void> {
    await Promise.all([this.guarded.close(), this.open.close()]);
  }
}

class FinalFailure extends Error {}

function parseUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new FinalFailure('not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FinalFailure(`scheme ${url.protocol} refused`);
  return url;
}
