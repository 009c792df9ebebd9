// The abuse counters and one-time marks against the real Redis (under this file's own key prefix),
// and their in-process twins for development.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { MemoryRateLimiter, type RateLimiter, RedisRateLimiter } from './limits';
import { MemoryUsedTokens, RedisUsedTokens, type UsedTokens } from './used-tokens';

const prefix = `gh-test-stores:${randomBytes(6).toString('hex')}:`;
let redis: Redis;

beforeAll(() => {
  redis = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
});

afterAll(async () => {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each([
  ['redis', () => new RedisRateLimiter(redis, prefix) as RateLimiter],
  ['memory', () => new MemoryRateLimiter() as RateLimiter],
])('%s rate limiter', (_name, make) => {
  it('allows `limit` hits per window, then tells how long to wait; a new window starts afresh', async () => {
    const limiter = make();
    const key = `k-${randomBytes(4).toString('hex')}`;
    const limit = { limit: 2, windowMs: 400 };
    expect(await limiter.hit(key, limit)).toEqual({ allowed: true, retryAfterSeconds: 0 });
    expect((await limiter.hit(key, limit)).allowed).toBe(true);
    expect(await limiter.hit(key, limit)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    await sleep(450);
    expect((await limiter.hit(key, limit)).allowed).toBe(true);
  });

  it('reset clears the count', async () => {
    const limiter = make();
    const key = `r-${randomBytes(4).toString('hex')}`;
    const limit = { limit: 1, windowMs: 60_000 };
    await limiter.hit(key, limit);
    expect((await limiter.hit(key, limit)).allowed).toBe(false);
    await limiter.reset(key);
    expect((await limiter.hit(key, limit)).allowed).toBe(true);
  });
});

describe.each([
  ['redis', () => new RedisUsedTokens(redis, prefix) as UsedTokens],
  ['memory', () => new MemoryUsedTokens() as UsedTokens],
])('%s used tokens', (_name, make) => {
  it('marks a key once', async () => {
    const used = make();
    const key = `t-${randomBytes(4).toString('hex')}`;
    expect(await used.markUsed(key, 60_000)).toBe(true);
    expect(await used.markUsed(key, 60_000)).toBe(false);
    expect(await used.markUsed(`${key}-other`, 60_000)).toBe(true);
  });
});

it('keeps Redis keys under the configured prefix', async () => {
  await new RedisRateLimiter(redis, prefix).hit('visible', { limit: 5, windowMs: 60_000 });
  expect(await redis.pttl(`${prefix}limit:visible`)).toBeGreaterThan(0);
});
