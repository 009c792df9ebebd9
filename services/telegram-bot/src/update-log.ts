import type { Redis } from 'ioredis';

/**
 * Webhook updates seen lately. Telegram redelivers an update whose delivery it thinks failed (a slow
 * answer, a dropped connection); the second copy must not answer the user twice.
 */
export interface UpdateLog {
  /** True the first time an update id is seen (within a day). */
  firstSeen(updateId: number): Promise<boolean>;
}

const UPDATE_MEMORY_MS = 24 * 60 * 60 * 1000;

export class RedisUpdateLog implements UpdateLog {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async firstSeen(updateId: number): Promise<boolean> {
    return (await this.redis.set(`${this.prefix}update:${updateId}`, '1', 'PX', UPDATE_MEMORY_MS, 'NX')) === 'OK';
  }
}

export class MemoryUpdateLog implements UpdateLog {
  private readonly seen = new Map<number, number>();

  async firstSeen(updateId: number): Promise<boolean> {
    const now = Date.now();
    for (const [id, at] of this.seen) if (at + UPDATE_MEMORY_MS < now) this.seen.delete(id);
    if (this.seen.has(updateId)) return false;
    this.seen.set(updateId, now);
    return true;
  }
}
