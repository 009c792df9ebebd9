import { randomBytes } from 'node:crypto';
import { replicated } from '@gatehouse/redis';
import type { Redis } from 'ioredis';

/**
 * Who may poll getUpdates. Telegram answers 409 to a second concurrent poller, and two pollers would
 * each see only some updates, so across instances exactly one holds the lease and polls; the others
 * wait and take over when it lapses. The update offset lives next to the lease, so a new holder goes
 * on where the last one stopped.
 */
export interface PollerLease {
  /** Takes the lease if free, or renews it if held by us; true when we hold it afterwards. */
  acquireOrRenew(): Promise<boolean>;
  release(): Promise<void>;
  /** The next update id to ask for (0 before the first update). */
  readOffset(): Promise<number>;
  /** Stores the offset, only while we hold the lease (a lapsed holder must not move it back). */
  writeOffset(offset: number): Promise<void>;
}

// Renew only our own lease: a compare-and-set, so a holder that lapsed cannot extend a successor's.
const RENEW = `
if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return 1
end
return 0`;

const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

const WRITE_OFFSET = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
local current = tonumber(redis.call('GET', KEYS[2]) or '0')
if tonumber(ARGV[2]) > current then redis.call('SET', KEYS[2], ARGV[2]) end
return 1`;

export class RedisPollerLease implements PollerLease {
  /** This instance's identity in the lease value. */
  readonly holder = randomBytes(12).toString('hex');
  private readonly leaseKey: string;
  private readonly offsetKey: string;

  constructor(
    private readonly redis: Redis,
    prefix: string,
    private readonly ttlMs: number,
  ) {
    // One hash tag: WRITE_OFFSET reads the lease and writes the offset in one script, which a Redis
    // Cluster runs only on keys of one slot.
    this.leaseKey = `${prefix}{poller}:lease`;
    this.offsetKey = `${prefix}{poller}:offset`;
  }

  async acquireOrRenew(): Promise<boolean> {
    const taken = await this.redis.set(this.leaseKey, this.holder, 'PX', this.ttlMs, 'NX');
    const held =
      taken === 'OK' || (await this.redis.eval(RENEW, 1, this.leaseKey, this.holder, String(this.ttlMs))) === 1;
    // Under Sentinel the lease is ours once a replica has it, so it moves with the master in a failover.
    if (held) await replicated(this.redis);
    return held;
  }

  async release(): Promise<void> {
    await this.redis.eval(RELEASE, 1, this.leaseKey, this.holder);
  }

  async readOffset(): Promise<number> {
    return Number((await this.redis.get(this.offsetKey)) ?? '0');
  }

  async writeOffset(offset: number): Promise<void> {
    await this.redis.eval(WRITE_OFFSET, 2, this.leaseKey, this.offsetKey, this.holder, String(offset));
    await replicated(this.redis);
  }
}

/** A single process without Redis always holds the lease. */
export class LocalPollerLease implements PollerLease {
  private offset = 0;
  async acquireOrRenew(): Promise<boolean> {
    return true;
  }
  async release(): Promise<void> {}
  async readOffset(): Promise<number> {
    return this.offset;
  }
  async writeOffset(offset: number): Promise<void> {
    this.offset = Math.max(this.offset, offset);
  }
}
