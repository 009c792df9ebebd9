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
    // Each attempt is counted before its password would be checked; a wrong one stays counted.
    for (let i = 0; i < 3; i++) expect(await attempts.attempt('admin', '10.0.0.1')).toBe(0);
    expect(await attempts.attempt('admin', '10.0.0.1')).toBeGreaterThanOrEqual(59);
    expect(await attempts.attempt('admin', '10.0.0.2')).toBe(0);
  });

  it('lets at most the limit through of attempts made all at once', async () => {
    const attempts = new PasswordAttempts(make(), 'basic', limits);
    const waits = await Promise.all(Array.from({ length: 50 }, () => attempts.attempt('admin', '10.0.0.3')));
    expect(waits.filter((w) => w === 0)).toHaveLength(3);
  });

  it('slows guessing from many clients down for the short window only', async () => {
    const attempts = new PasswordAttempts(make(), 'basic', limits);
    for (let i = 0; i < 5; i++) await attempts.attempt('admin', `10.0.0.${i}`);
    const wait = await attempts.attempt('admin', '192.0.2.7');
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(10);
    expect(await attempts.attempt('someone-else', '192.0.2.7')).toBe(0);
  });

  it('a success clears the client’s count and takes its own attempt back off the user’s', async () => {
    const attempts = new PasswordAttempts(make(), 'basic', limits);
    await attempts.attempt('admin', 'c');
    await attempts.attempt('admin', 'c');
    expect(await attempts.attempt('admin', 'c')).toBe(0);
    await attempts.succeeded('admin', 'c');
    // Far more right passwords than either limit: none of them adds up.
    for (let i = 0; i < 10; i++) {
      expect(await attempts.attempt('admin', 'c')).toBe(0);
      await attempts.succeeded('admin', 'c');
    }
  });
});

it('two processes on one Redis share the windows: N replicas do not give N times the guesses', async () => {
  const keyPrefix = `${prefix}shared:`;
  const one = new PasswordAttempts(new RedisRateLimiter(redis, keyPrefix), 'basic', limits);
  const two = new PasswordAttempts(new RedisRateLimiter(redis, keyPrefix), 'basic', limits);
  await one.attempt('admin', '10.0.0.9');
  await two.attempt('admin', '10.0.0.9');
  await one.attempt('admin', '10.0.0.9');
  expect(await two.attempt('admin', '10.0.0.9')).toBeGreaterThan(0);
});
