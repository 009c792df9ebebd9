// Passkey challenges against the real Redis (this file's own key prefix) and in-process: each is
// taken at most once, and not after its time.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { type Challenges, MemoryChallenges, RedisChallenges } from './challenges';

const prefix = `gh-test-challenges:${randomBytes(6).toString('hex')}:`;
let redis: Redis;

beforeAll(() => {
  redis = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
});

afterAll(async () => {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
});

describe.each([
  ['redis', () => new RedisChallenges(redis, prefix) as Challenges],
  ['memory', () => new MemoryChallenges() as Challenges],
])('%s challenges', (_name, make) => {
  it('gives a challenge back once, with its value', async () => {
    const challenges = make();
    const c = randomBytes(16).toString('base64url');
    await challenges.put(c, 'v1', 10_000);
    expect(await challenges.take(c)).toBe('v1');
    expect(await challenges.take(c)).toBeUndefined();
    expect(await challenges.take('never-put')).toBeUndefined();
  });

  it('forgets a challenge after its time', async () => {
    const challenges = make();
    const c = randomBytes(16).toString('base64url');
    await challenges.put(c, 'v', 50);
    await new Promise((r) => setTimeout(r, 120));
    expect(await challenges.take(c)).toBeUndefined();
  });
});
