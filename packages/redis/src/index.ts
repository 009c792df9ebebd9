import { readFileSync } from 'node:fs';
import type { ConnectionOptions } from 'node:tls';
import { isCertificateError } from '@gatehouse/config';
import type { Logger } from '@gatehouse/logger';
import { type RedisOptions as IoRedisOptions, Redis } from 'ioredis';
import type { RedisConnection } from './settings';

export {
  type RedisConnection,
  type RedisSettingsRaw,
  redisSettingsShape,
  resolveRedisConnection,
} from './settings';

export interface RedisOptions {
  /**
   * How long one command may take before it fails. Each caller picks it to stay inside the deadline of
   * the call it serves, so an outage is answered as an error rather than lost in that deadline.
   */
  commandTimeoutMs: number;
}

/** One line for a Redis connection error: the setting, then the reason (never the URL, so no password). */
export function describeRedisError(err: Error): string {
  if (isCertificateError(err)) {
    const { code } = err as { code?: string };
    return `REDIS_URL: the server's TLS certificate does not verify (${code}: ${err.message})`;
  }
  return `REDIS_URL: cannot use Redis (${err.message})`;
}

/**
 * A Redis client that gives up quickly (2 s to connect, one retry per command). It reconnects by
 * itself; a connection failure is logged as one line naming REDIS_URL and the reason, once until the
 * reason changes or the connection is ready again, not once per retry. After a failover a client still
 * on the demoted master gets READONLY: it reconnects (to the new master, through Sentinel) and sends
 * the command again.
 */
export function openRedis(connection: string | RedisConnection, log: Logger, options: RedisOptions): Redis {
  const c = typeof connection === 'string' ? { url: connection } : connection;
  const common: IoRedisOptions = {
    commandTimeout: options.commandTimeoutMs,
    connectTimeout: 2000,
    maxRetriesPerRequest: 1,
    reconnectOnError: (err) => (err.message.startsWith('READONLY') ? 2 : false),
    // No CLIENT SETINFO at each connect: every workload's Redis user is allowed only the commands its
    // code uses (deploy/redis/users.acl), and a refused one would fill the server's ACL LOG.
    disableClientInfo: true,
  };
  const tls = c.tls && tlsOptions(c.tls);
  let redis: Redis;
  if (c.sentinel) {
    const url = new URL(c.url);
    redis = new Redis({
      ...common,
      sentinels: c.sentinel.sentinels,
      name: c.sentinel.name,
      sentinelPassword: c.sentinel.password,
      username: decodeURIComponent(url.username) || undefined,
      password: decodeURIComponent(url.password) || undefined,
      db: Number(url.pathname.slice(1)) || 0,
      // Sentinel announces a new master (+switch-master): move at once, not at the next error.
      failoverDetector: true,
      ...(tls ? { tls, enableTLSForSentinelMode: true, sentinelTLS: tls } : {}),
    });
  } else {
    redis = new Redis(c.url, { ...common, ...(tls ? { tls } : {}) });
  }
  // One line per reason, and at most one per connection attempt: a refused TLS handshake can end in a
  // second error on the same socket (the server's alert after the client gave up on its certificate),
  // which says nothing new and made the line change back and forth on every retry.
  let last: string | undefined;
  let erredThisAttempt = false;
  redis.on('error', (err: Error) => {
    if (erredThisAttempt) return;
    erredThisAttempt = true;
    const line = describeRedisError(err);
    if (line !== last) log.warn(line);
    last = line;
  });
  redis.on('reconnecting', () => {
    erredThisAttempt = false;
  });
  redis.on('ready', () => {
    last = undefined;
    erredThisAttempt = false;
  });
  return redis;
}

/**
 * With Sentinel, returns once the writes this client made so far are safe from a failover, and throws
 * otherwise. Replication is asynchronous: a write a master acknowledged just before a failover may
 * never reach the replica that takes over, and a logout or a used one-time token must not come undone.
 * So: with replicas connected, one of them must confirm it (WAIT 1); with none, or none that confirms
 * (just after a failover, before Sentinel reattaches the old master or while it resynchronises), a
 * Sentinel must name this server as the master with no failover in progress, so that a demoted master
 * that has not heard of it yet takes no write. Without
 * Sentinel (one server, nothing to fail over to) it does nothing.
 */
export async function replicated(redis: Redis): Promise<void> {
  if (!redis.options.sentinels) return;
  const role = (await redis.call('ROLE')) as [string, number, unknown[]?];
  if (role[0] === 'master' && (role[2]?.length ?? 0) > 0) {
    const waitMs = Math.max(100, Math.floor((redis.options.commandTimeout ?? 1000) / 2));
    if (Number(await redis.call('WAIT', '1', String(waitMs))) >= 1) return;
  }
  // No replica, or one that cannot confirm yet (the old master reattached after a failover is still
  // taking its full copy): the write stands if a Sentinel names this server as the master.
  if (role[0] === 'master' && (await sentinelNamesUs(redis))) return;
  // Most likely a demoted master: reconnect, through Sentinel, to the current one.
  redis.disconnect(true);
  throw new Error('REDIS_URL: the write is not safe from a failover (no replica confirmed it); try again');
}

/** A Sentinel names the server this client is connected to as the master, with no failover under way. */
async function sentinelNamesUs(redis: Redis): Promise<boolean> {
  const o = redis.options;
  const here = { host: redis.stream?.remoteAddress?.replace(/^::ffff:/, ''), port: redis.stream?.remotePort };
  for (const s of o.sentinels ?? []) {
    const sentinel = new Redis({
      host: s.host,
      port: s.port,
      password: o.sentinelPassword,
      username: o.sentinelUsername,
      tls: o.sentinelTLS,
      connectTimeout: 1000,
      commandTimeout: 1000,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
      lazyConnect: true,
    });
    sentinel.on('error', () => {});
    try {
      await sentinel.connect();
      const flat = (await sentinel.call('SENTINEL', 'MASTER', o.name ?? '')) as string[];
      const field = (name: string) => flat[flat.indexOf(name) + 1];
      return (
        field('ip') === here.host &&
        Number(field('port')) === here.port &&
        !/failover_in_progress|s_down|o_down/.test(field('flags') ?? '')
      );
    } catch {
      // That Sentinel is away: ask the next.
    } finally {
      sentinel.disconnect();
    }
  }
  return false;
}

function tlsOptions(files: NonNullable<RedisConnection['tls']>): ConnectionOptions {
  return {
    ...(files.caFile ? { ca: readFileSync(files.caFile) } : {}),
    ...(files.certFile ? { cert: readFileSync(files.certFile) } : {}),
    ...(files.keyFile ? { key: readFileSync(files.keyFile) } : {}),
  };
}

export * from './limiter';
export * from './password-attempts';
