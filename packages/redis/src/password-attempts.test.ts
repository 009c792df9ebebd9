// The one limiter of password attempts, on both backends: Redis shares the windows between processes.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { MemoryRateLimiter, type RateLimiter, RedisRateLimiter } from './limiter';
import { PasswordAttempts } from './password-attempts';

const redis = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
const prefix = `gh-test:attempts:${randomBytes(4).toString('hex')}:`;
afterAll(async () => {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
});

const limits = { perClient: { limit: 3, windowMs: 60_000 }, perUser: { limit: 5, windowMs: 10_000 } };

describe.each<[string, () => RateLimiter]>([
  ['memory', () => new MemoryRateLimiter()],
  ['Redis', () => new RedisRateLimiter(redis, `${prefix}${randomBytes(4).toString('hex')}:`)],
])('PasswordAttempts on %s', (_name, make) => {
  it('refuses a client after its failures, and only that client', async () => {
    const attempts = new PasswordAttempts(make(), 'basic', limits);
    for (let i = 0; i < 3; i++) {
      expect(await attempts.retryAfter('admin', '10.0.0.1')).toBe(0);
      await attempts.failed('admin', '10.0.0.1');
    }
    expect(await attempts.retryAfter('admin', '10.0.0.1')).toBeGreaterThanOrEqual(59);
    expect(await attempts.retryAfter('admin', '10.0.0.2')).toBe(0);
  });

  it('slows guessing from many clients down for the short window only', async () => {
    const attempts = new PasswordAttempts(make(), 'basic', limits);
    for (let i = 0; i < 5; i++) await attempts.failed('admin', `10.0.0.${i}`);
    const wait = await attempts.retryAfter('admin', '192.0.2.7');
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(10);
    expect(await attempts.retryAfter('someone-else', '192.0.2.7')).toBe(0);
  });

  it('a success clears the client’s count; peeking counts nothing', async () => {
    const attempts = new PasswordAttempts(make(), 'basic', limits);
    await attempts.failed('admin', 'c');
    await attempts.failed('admin', 'c');
    await attempts.succeeded('admin', 'c');
    await attempts.failed('admin', 'c');
    for (let i = 0; i < 10; i++) expect(await attempts.retryAfter('admin', 'c')).toBe(0);
  });
});

it('two processes on one Redis share the windows: N replicas do not give N times the guesses', async () => {
  const keyPrefix = `${prefix}shared:`;
  const one = new PasswordAttempts(new RedisRateLimiter(redis, keyPrefix), 'basic', limits);
  const two = new PasswordAttempts(new RedisRateLimiter(redis, keyPrefix), 'basic', limits);
  await one.failed('admin', '10.0.0.9');
  await two.failed('admin', '10.0.0.9');
  await one.failed('admin', '10.0.0.9');
  expect(await two.retryAfter('admin', '10.0.0.9')).toBeGreaterThan(0);
});
