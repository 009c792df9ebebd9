import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * Logins waiting for their second factor, by the opaque id in the browser's pending cookie: shared by
 * every replica (Redis), each kept 5 minutes at most. The key holds the id's SHA-256, not the id, so
 * reading Redis does not hand out a usable cookie. `take` deletes (GETDEL): a pending login completes once.
 */
export interface PendingLogins {
  put(id: string, value: string, ttlMs: number): Promise<void>;
  get(id: string): Promise<string | undefined>;
  take(id: string): Promise<string | undefined>;
}

const keyOf = (id: string) => createHash('sha256').update(id).digest('hex');

export class RedisPendingLogins implements PendingLogins {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async put(id: string, value: string, ttlMs: number): Promise<void> {
    await this.redis.set(`${this.prefix}totp-pending:${keyOf(id)}`, value, 'PX', ttlMs);
  }

  async get(id: string): Promise<string | undefined> {
    return (await this.redis.get(`${this.prefix}totp-pending:${keyOf(id)}`)) ?? undefined;
  }

  async take(id: string): Promise<string | undefined> {
    return (await this.redis.getdel(`${this.prefix}totp-pending:${keyOf(id)}`)) ?? undefined;
  }
}

/** One process only, for development without Redis. Bounded: expired entries are swept as it grows. */
export class MemoryPendingLogins implements PendingLogins {
  private readonly entries = new Map<string, { value: string; until: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  async put(id: string, value: string, ttlMs: number): Promise<void> {
    const now = this.now();
    if (this.entries.size >= 10_000) for (const [k, e] of this.entries) if (e.until <= now) this.entries.delete(k);
    this.entries.set(keyOf(id), { value, until: now + ttlMs });
  }

  async get(id: string): Promise<string | undefined> {
    const entry = this.entries.get(keyOf(id));
    return entry && entry.until > this.now() ? entry.value : undefined;
  }

  async take(id: string): Promise<string | undefined> {
    const value = await this.get(id);
    this.entries.delete(keyOf(id));
    return value;
  }
}
