import { readFileSync } from 'node:fs';
import type { ConnectionOptions } from 'node:tls';
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

const CERTIFICATE_CODES = new Set([
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_SIGNATURE_FAILURE',
  'CERT_UNTRUSTED',
  'CERT_REJECTED',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/** One line for a Redis connection error: the setting, then the reason (never the URL, so no password). */
export function describeRedisError(err: Error): string {
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && CERTIFICATE_CODES.has(code)) {
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
      ...(tls ? { tls, enableTLSForSentinelMode: true, sentinelTLS: tls } : {}),
    });
  } else {
    redis = new Redis(c.url, { ...common, ...(tls ? { tls } : {}) });
  }
  let last: string | undefined;
  redis.on('error', (err: Error) => {
    const line = describeRedisError(err);
    if (line !== last) log.warn(line);
    last = line;
  });
  redis.on('ready', () => {
    last = undefined;
  });
  return redis;
}

function tlsOptions(files: NonNullable<RedisConnection['tls']>): ConnectionOptions {
  return {
    ...(files.caFile ? { ca: readFileSync(files.caFile) } : {}),
    ...(files.certFile ? { cert: readFileSync(files.certFile) } : {}),
    ...(files.keyFile ? { key: readFileSync(files.keyFile) } : {}),
  };
}
