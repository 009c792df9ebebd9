import type { Redis } from 'ioredis';

/** A fixed-window counter: at most `limit` hits per `windowMs` for one key. */
export interface Limit {
  limit: number;
  windowMs: number;
}

export interface LimitVerdict {
  allowed: boolean;
  /** Whole seconds until the window ends (the Retry-After value) when not allowed. */
  retryAfterSeconds: number;
}

/**
 * Abuse counters (login attempts, messages sent, basic-auth guesses): Redis wherever more than one
 * process serves (every replica counts into the same window), memory for one development process.
 */
export interface RateLimiter {
  /** Counts one hit and says whether it was within the limit. */
  hit(key: string, limit: Limit): Promise<LimitVerdict>;
  /** Says whether one more hit would be within the limit, counting nothing. */
  peek(key: string, limit: Limit): Promise<LimitVerdict>;
  /**
   * Takes one hit back (never below zero, the window unchanged): an attempt counted before it was
   * checked that turned out right, where only failures should count.
   */
  release(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

function verdict(count: number, limit: Limit, ttlMs: number): LimitVerdict {
  const allowed = count <= limit.limit;
  return { allowed, retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil(ttlMs / 1000)) };
}

// INCR and the window's expiry in one step, so a crash between them never leaves a counter without TTL.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}`;

const RELEASE_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return count`;

const PEEK_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
return {count, redis.call('PTTL', KEYS[1])}`;

export class RedisRateLimiter implements RateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async hit(key: string, limit: Limit): Promise<LimitVerdict> {
    const [count, ttl] = (await this.redis.eval(HIT_SCRIPT, 1, `${this.prefix}limit:${key}`, limit.windowMs)) as [
      number,
      number,
    ];
    return verdict(count, limit, ttl);
  }

  async peek(key: string, limit: Limit): Promise<LimitVerdict> {
    const [count, ttl] = (await this.redis.eval(PEEK_SCRIPT, 1, `${this.prefix}limit:${key}`)) as [number, number];
    return verdict(count + 1, limit, ttl);
  }

  async release(key: string): Promise<void> {
    await this.redis.eval(RELEASE_SCRIPT, 1, `${this.prefix}limit:${key}`);
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(`${this.prefix}limit:${key}`);
  }
}

/** One process only: counters are lost on restart and not shared; for a development process without Redis. */
export class MemoryRateLimiter implements RateLimiter {
  private readonly counters = new Map<string, { count: number; endsAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  async hit(key: string, limit: Limit): Promise<LimitVerdict> {
    const now = this.now();
    if (this.counters.size > 10_000) for (const [k, c] of this.counters) if (c.endsAt <= now) this.counters.delete(k);
    let counter = this.counters.get(key);
    if (!counter || counter.endsAt <= now) {
      counter = { count: 0, endsAt: now + limit.windowMs };
      this.counters.set(key, counter);
    }
    counter.count += 1;
    return verdict(counter.count, limit, counter.endsAt - now);
  }

  async peek(key: string, limit: Limit): Promise<LimitVerdict> {
    const now = this.now();
    const counter = this.counters.get(key);
    if (!counter || counter.endsAt <= now) return verdict(1, limit, limit.windowMs);
    return verdict(counter.count + 1, limit, counter.endsAt - now);
  }

  async release(key: string): Promise<void> {
    const counter = this.counters.get(key);
    if (counter && counter.count > 0) counter.count -= 1;
  }

  async reset(key: string): Promise<void> {
    this.counters.delete(key);
  }
}
