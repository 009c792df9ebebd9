import { Redis } from 'ioredis';
import { redisPrefix, redisUrl } from '../test/helpers';
import { RedisPollerLease } from './lease';

describe('RedisPollerLease', () => {
  let redis: Redis;
  let keys: ReturnType<typeof redisPrefix>;

  beforeAll(() => {
    redis = new Redis(redisUrl());
  });
  beforeEach(() => {
    keys = redisPrefix('lease');
  });
  afterEach(() => keys.cleanup());
  afterAll(() => redis.disconnect());

  it('lets one holder at a time take the lease; the holder renews, the other is refused', async () => {
    const a = new RedisPollerLease(redis, keys.prefix, 5000);
    const b = new RedisPollerLease(redis, keys.prefix, 5000);
    expect(await a.acquireOrRenew()).toBe(true);
    expect(await b.acquireOrRenew()).toBe(false);
    expect(await a.acquireOrRenew()).toBe(true);
    expect(await redis.pttl(`${keys.prefix}{poller}:lease`)).toBeGreaterThan(4000);
    // b cannot release what a holds
    await b.release();
    expect(await b.acquireOrRenew()).toBe(false);
    await a.release();
    expect(await b.acquireOrRenew()).toBe(true);
    expect(await a.acquireOrRenew()).toBe(false);
  });

  it('passes to another instance once the holder stops renewing', async () => {
    const a = new RedisPollerLease(redis, keys.prefix, 200);
    const b = new RedisPollerLease(redis, keys.prefix, 200);
    expect(await a.acquireOrRenew()).toBe(true);
    // The lease lapses by Redis expiry, not by a clock in the test.
    while ((await redis.exists(`${keys.prefix}{poller}:lease`)) === 1) await new Promise((r) => setTimeout(r, 20));
    expect(await b.acquireOrRenew()).toBe(true);
    expect(await a.acquireOrRenew()).toBe(false);
  });

  it('moves the offset only forward and only for the holder', async () => {
    const a = new RedisPollerLease(redis, keys.prefix, 5000);
    const b = new RedisPollerLease(redis, keys.prefix, 5000);
    expect(await a.readOffset()).toBe(0);
    await a.acquireOrRenew();
    await a.writeOffset(10);
    await a.writeOffset(7);
    expect(await b.readOffset()).toBe(10);
    await b.writeOffset(20);
    expect(await a.readOffset()).toBe(10);
  });
});
