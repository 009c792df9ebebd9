import { replicated } from '@gatehouse/redis';
import type { Redis } from 'ioredis';

/** One-shot marks for confirmation tokens (go-pkgz ConfirmationStore). */
export interface UsedTokens {
  /** True the first time a key is marked; false when it was already used. */
  markUsed(key: string, ttlMs: number): Promise<boolean>;
}

export class RedisUsedTokens implements UsedTokens {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async markUsed(key: string, ttlMs: number): Promise<boolean> {
    const set = await this.redis.set(`${this.prefix}used:${key}`, '1', 'PX', Math.max(1000, ttlMs), 'NX');
    // Under Sentinel a mark only counts once a replica has it: a failover must not make a token usable again.
    await replicated(this.redis);
    return set === 'OK';
  }
}

export class MemoryUsedTokens implements UsedTokens {
  private readonly used = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  async markUsed(key: string, ttlMs: number): Promise<boolean> {
    const now = this.now();
    if (this.used.size > 10_000) for (const [k, until] of this.used) if (until <= now) this.used.delete(k);
    const until = this.used.get(key);
    if (until !== undefined && until > now) return false;
    this.used.set(key, now + Math.max(1000, ttlMs));
    return true;
  }
}
