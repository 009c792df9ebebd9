import type { Redis } from 'ioredis';

/**
 * Outstanding WebAuthn challenges: each is kept, with what it was issued for, until it is taken once
 * or expires. Taking deletes it (GETDEL), so a challenge can never be answered twice.
 */
export interface Challenges {
  put(challenge: string, value: string, ttlMs: number): Promise<void>;
  /** The value the challenge was put with, deleting it; undefined when unknown, taken or expired. */
  take(challenge: string): Promise<string | undefined>;
}

export class RedisChallenges implements Challenges {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async put(challenge: string, value: string, ttlMs: number): Promise<void> {
    await this.redis.set(`${this.prefix}passkey-challenge:${challenge}`, value, 'PX', ttlMs);
  }

  async take(challenge: string): Promise<string | undefined> {
    return (await this.redis.getdel(`${this.prefix}passkey-challenge:${challenge}`)) ?? undefined;
  }
}

/** One process only, for development without Redis. Bounded: the oldest entries go first. */
export class MemoryChallenges implements Challenges {
  private readonly entries = new Map<string, { value: string; until: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  async put(challenge: string, value: string, ttlMs: number): Promise<void> {
    const now = this.now();
    if (this.entries.size >= 10_000) {
      for (const [k, e] of this.entries) if (e.until <= now) this.entries.delete(k);
      const oldest = this.entries.keys().next();
      if (this.entries.size >= 10_000 && !oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(challenge, { value, until: now + ttlMs });
  }

  async take(challenge: string): Promise<string | undefined> {
    const entry = this.entries.get(challenge);
    this.entries.delete(challenge);
    return entry && entry.until > this.now() ? entry.value : undefined;
  }
}
