import type { Redis } from 'ioredis';

/** Sessions ended by logout, kept until they would have ended anyway. */
export interface Revocations {
  revoke(jti: string, ttlMs: number): Promise<void>;
  isRevoked(jti: string): Promise<boolean>;
}

export class RedisRevocations implements Revocations {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async revoke(jti: string, ttlMs: number): Promise<void> {
    await this.redis.set(`${this.prefix}revoked:${jti}`, '1', 'PX', Math.max(1000, Math.ceil(ttlMs)));
  }

  async isRevoked(jti: string): Promise<boolean> {
    return (await this.redis.exists(`${this.prefix}revoked:${jti}`)) === 1;
  }
}

export class MemoryRevocations implements Revocations {
  private readonly until = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  async revoke(jti: string, ttlMs: number): Promise<void> {
    const now = this.now();
    if (this.until.size > 10_000) for (const [k, t] of this.until) if (t <= now) this.until.delete(k);
    this.until.set(jti, now + Math.max(1000, ttlMs));
  }

  async isRevoked(jti: string): Promise<boolean> {
    return (this.until.get(jti) ?? 0) > this.now();
  }
}
