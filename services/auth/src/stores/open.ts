import type { Logger } from '@gatehouse/logger';
import { openRedis, type RedisConnection } from '@gatehouse/redis';
import type { Redis } from 'ioredis';
import { type Challenges, MemoryChallenges, RedisChallenges } from './challenges';
import { MemoryRateLimiter, type RateLimiter, RedisRateLimiter } from './limits';
import { MemoryRevocations, RedisRevocations, type Revocations } from './revocations';
import { MemorySessionRegistry, RedisSessionRegistry, type SessionRegistry } from './session-registry';
import { MemoryUsedTokens, RedisUsedTokens, type UsedTokens } from './used-tokens';

/** REDIS_URL and REDIS_KEY_PREFIX. */
export interface RedisSettings {
  /** Unset: in-process stores, fine for one development process only. */
  url: string | undefined;
  keyPrefix: string;
  /** REDIS_URL with its TLS files and Sentinel settings (unset in a config built in code: the URL alone). */
  connection?: RedisConnection;
}

export interface Stores {
  limiter: RateLimiter;
  usedTokens: UsedTokens;
  revocations: Revocations;
  /** WebAuthn challenges of passkey registrations and logins. */
  challenges: Challenges;
  /** Every user's live sessions (docs/accounts.md "Sessions per device"). */
  sessionRegistry: SessionRegistry;
  redis: Redis | undefined;
}

/** Redis when REDIS_URL is set; otherwise in-process stores, fine for one development process only. */
export function openStores(settings: RedisSettings, log: Logger): Stores {
  if (!settings.url) {
    log.warn('REDIS_URL is unset: confirmation tokens and abuse counters live in this process (development only)');
    return {
      limiter: new MemoryRateLimiter(),
      usedTokens: new MemoryUsedTokens(),
      revocations: new MemoryRevocations(),
      challenges: new MemoryChallenges(),
      sessionRegistry: new MemorySessionRegistry(),
      redis: undefined,
    };
  }
  // Commands give up well inside the gateway's refresh deadline (REFRESH_DEADLINE_MS), so an outage is
  // answered as UNAVAILABLE rather than lost in a deadline.
  const redis = openRedis(settings.connection ?? settings.url, log, { commandTimeoutMs: 1000 });
  const prefix = settings.keyPrefix;
  return {
    limiter: new RedisRateLimiter(redis, prefix),
    usedTokens: new RedisUsedTokens(redis, prefix),
    revocations: new RedisRevocations(redis, prefix),
    challenges: new RedisChallenges(redis, prefix),
    sessionRegistry: new RedisSessionRegistry(redis, prefix),
    redis,
  };
}
