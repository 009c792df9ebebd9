import { randomBytes } from 'node:crypto';
import { configSecretReader, TokenService } from '@gatehouse/token';
import { Redis } from 'ioredis';
import { MemoryRevocations, RedisRevocations, type Revocations } from '../stores/revocations';
import { Sessions } from './sessions';

const MINUTE = 60_000;
const redis = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
const prefix = `gh-test:sessions:${randomBytes(4).toString('hex')}:`;

afterAll(async () => {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
});

describe.each([
  ['in process', () => new MemoryRevocations()],
  ['Redis', () => new RedisRevocations(redis, prefix)],
] as [string, () => Revocations][])('Sessions with revocations %s', (_name, make) => {
  it('refreshes until logout, then never again', async () => {
    let now = Date.now();
    const tokens = new TokenService({
      issuer: 'test',
      tokenDurationMs: 15 * MINUTE,
      cookieDurationMs: 24 * 60 * MINUTE,
      audiences: [],
      secrets: configSecretReader('s'.repeat(40), {}),
      now: () => now,
    });
    const sessions = new Sessions(tokens, make(), () => now);
    const user = { name: 'a', id: 'dev_a', picture: '' };
    const first = await tokens.issueSession({ user, aud: 'x', provider: 'dev', sessionOnly: false });
    now += 20 * MINUTE;
    const second = await sessions.refresh(first.token);
    expect(second.jti).toBe(first.jti);

    await sessions.end(second.token);
    await expect(sessions.refresh(first.token)).rejects.toThrow('session ended, log in again');
    await expect(sessions.refresh(second.token)).rejects.toThrow('session ended, log in again');

    // Another session of the same user is untouched; a garbage token ends nothing.
    const other = await tokens.issueSession({ user, aud: 'x', provider: 'dev', sessionOnly: false });
    await sessions.end('not-a-token');
    await expect(sessions.refresh(other.token)).resolves.toMatchObject({ jti: other.jti });
  });
});
