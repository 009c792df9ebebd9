import type { Logger } from '@gatehouse/logger';
import { Redis } from 'ioredis';

export interface RedisOptions {
  /**
   * How long one command may take before it fails. Each caller picks it to stay inside the deadline of
   * the call it serves, so an outage is answered as an error rather than lost in that deadline.
   */
  commandTimeoutMs: number;
}

/**
 * A Redis client that gives up quickly (2 s to connect, one retry per command) and logs each connection
 * failure as one warning. ioredis reconnects by itself; without the listener every failure would also
 * print an unhandled-error line.
 */
export function openRedis(url: string, log: Logger, options: RedisOptions): Redis {
  const redis = new Redis(url, {
    commandTimeout: options.commandTimeoutMs,
    connectTimeout: 2000,
    maxRetriesPerRequest: 1,
  });
  redis.on('error', (err: Error) => log.warn({ err: err.message }, 'redis connection error'));
  return redis;
}

export * from './limiter';
export * from './password-attempts';
