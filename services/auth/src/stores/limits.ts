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

/** Abuse counters (login attempts, messages sent); Redis in production, memory in development. */
export interface RateLimiter {
  hit(key: string, limit: Limit): Promise<LimitVerdict>;
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

  async reset(key: string): Promise<void> {
    await this.redis.del(`${this.prefix}limit:${key}`);
  }
}

/** One process only: counters are lost on restart and not shared; for `pnpm start` without Redis. */
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

  async reset(key: string): Promise<void> {
    this.counters.delete(key);
  }
}

/** Password-attempt limits of a login form (direct login, the local server's login page). */
export interface PasswordLimits {
  /** Attempts for one user from one client address: the guessing brake (AUTH_LIMIT_DIRECT_USER). */
  perUser: Limit;
  /** Attempts from one client address, any user (AUTH_LIMIT_DIRECT_IP). */
  perIp: Limit;
  /**
   * Attempts for one user from every address together, in a short window (AUTH_LIMIT_DIRECT_USER_ALL):
   * it slows guessing from many addresses down without locking the user out for long, since anyone can
   * trip it.
   */
  perUserAllClients: Limit;
}

/**
 * The counters one password attempt hits, in order; `reset` is the one a successful login clears.
 * Counting per user *and* address means a stranger's wrong guesses never lock the real user out.
 */
export function passwordAttemptKeys(
  scope: string,
  userKey: string,
  ip: string,
  limits: PasswordLimits,
): { hits: [string, Limit][]; reset: string } {
  const reset = `${scope}:user:${userKey}:ip:${ip}`;
  return {
    hits: [
      [`${scope}:ip:${ip}`, limits.perIp],
      [reset, limits.perUser],
      [`${scope}:user:${userKey}`, limits.perUserAllClients],
    ],
    reset,
  };
}
