import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import {
  MemorySessionRegistry,
  RedisSessionRegistry,
  SESSION_ID,
  type SessionEntry,
  type SessionRegistry,
  sessionIdOf,
} from './session-registry';

const HOUR = 3_600_000;
const redis = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
const prefix = `gh-test:session-registry:${randomBytes(4).toString('hex')}:`;

afterAll(async () => {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
});

function entry(jti: string, createdMs: number, endMs: number, extra: Partial<SessionEntry> = {}): SessionEntry {
  return {
    id: sessionIdOf(jti),
    jti,
    provider: 'dev',
    createdMs,
    lastSeenMs: createdMs,
    endMs,
    userAgent: 'Mozilla/5.0 test',
    ip: '127.0.0.1',
    ...extra,
  };
}

const byCreated = (list: SessionEntry[]) => [...list].sort((a, b) => a.createdMs - b.createdMs);

describe('sessionIdOf', () => {
  it('is opaque, stable, URL-safe and never the jti', () => {
    const jti = randomBytes(20).toString('hex');
    const id = sessionIdOf(jti);
    expect(id).toMatch(SESSION_ID);
    expect(sessionIdOf(jti)).toBe(id);
    expect(id).not.toContain(jti.slice(0, 8));
    expect(sessionIdOf(`${jti}x`)).not.toBe(id);
  });
});

describe.each([
  ['in process', (now: () => number) => new MemorySessionRegistry(now)],
  ['Redis', (now: () => number) => new RedisSessionRegistry(redis, prefix, now)],
] as [string, (now: () => number) => SessionRegistry][])('session registry %s', (_name, make) => {
  let now = 0;
  let registry: SessionRegistry;
  let user: string;
  beforeEach(() => {
    now = Date.now();
    registry = make(() => now);
    user = `dev_${randomBytes(6).toString('hex')}`;
  });

  it('records, lists, gets and removes a user’s sessions', async () => {
    const a = entry('jti-a', now - 2000, now + HOUR);
    const b = entry('jti-b', now - 1000, now + HOUR, { provider: 'github', userAgent: 'curl/8', ip: '::1' });
    // record answers the user's count with the new entry (another user's are not counted).
    expect(await registry.record(user, a)).toBe(1);
    expect(await registry.record(user, b)).toBe(2);
    expect(await registry.record('dev_someone-else', entry('jti-c', now, now + HOUR))).toBe(1);
    expect(await registry.record(user, b)).toBe(2);

    expect(byCreated(await registry.list(user))).toEqual([a, b]);
    expect(await registry.get(user, b.id)).toEqual(b);
    // Another user's session is not in this user's list, nor found by its id.
    expect(await registry.get(user, sessionIdOf('jti-c'))).toBeUndefined();
    expect(await registry.get(user, 'A'.repeat(22))).toBeUndefined();

    await registry.remove(user, [a.id]);
    expect(await registry.list(user)).toEqual([b]);
    await registry.remove(user, [b.id, 'unknown']);
    expect(await registry.list(user)).toEqual([]);
    expect(await registry.list('dev_never-logged-in')).toEqual([]);
  });

  it('touches last_seen only of a recorded session', async () => {
    const a = entry('jti-a', now, now + HOUR);
    await registry.record(user, a);
    expect(await registry.touch(user, a.id, now + 5000)).toBe(true);
    expect((await registry.get(user, a.id))?.lastSeenMs).toBe(now + 5000);
    expect((await registry.list(user))[0]?.lastSeenMs).toBe(now + 5000);

    await registry.remove(user, [a.id]);
    // A refresh racing a removal does not bring the session back.
    expect(await registry.touch(user, a.id, now + 6000)).toBe(false);
    expect(await registry.list(user)).toEqual([]);
    expect(await registry.get(user, a.id)).toBeUndefined();
  });

  it('drops sessions past their absolute end', async () => {
    const short = entry('jti-short', now, now + 1000);
    const long = entry('jti-long', now, now + HOUR);
    await registry.record(user, short);
    await registry.record(user, long);
    now += 1000;
    expect(await registry.get(user, short.id)).toBeUndefined();
    expect(await registry.list(user)).toEqual([long]);
    // Gone for good, not only hidden: moving the clock back does not show it again.
    now -= 1000;
    expect(await registry.list(user)).toEqual([long]);
  });
});

describe('Redis session registry', () => {
  it('keeps one hash per user that expires with its longest session', async () => {
    const now = Date.now();
    const registry = new RedisSessionRegistry(redis, prefix, () => now);
    const user = `dev_${randomBytes(6).toString('hex')}`;
    const key = `${prefix}device-sessions:${user}`;
    await registry.record(user, entry('jti-long', now, now + 2 * HOUR));
    await registry.record(user, entry('jti-short', now, now + HOUR));
    expect(await redis.pexpiretime(key)).toBe(now + 2 * HOUR);
    expect((await redis.hkeys(key)).sort()).toEqual(
      [
        sessionIdOf('jti-long'),
        `${sessionIdOf('jti-long')}:seen`,
        sessionIdOf('jti-short'),
        `${sessionIdOf('jti-short')}:seen`,
      ].sort(),
    );
  });

  it('skips and clears unreadable fields', async () => {
    const now = Date.now();
    const registry = new RedisSessionRegistry(redis, prefix, () => now);
    const user = `dev_${randomBytes(6).toString('hex')}`;
    const key = `${prefix}device-sessions:${user}`;
    const good = entry('jti-good', now, now + HOUR);
    await registry.record(user, good);
    await redis.hset(key, 'B'.repeat(22), '{not json', `${'C'.repeat(22)}:seen`, '12');
    expect(await registry.list(user)).toEqual([good]);
    expect((await redis.hkeys(key)).sort()).toEqual([good.id, `${good.id}:seen`].sort());
  });
});

describe.each([
  ['in process', (now: () => number) => new MemorySessionRegistry(now)],
  [
    'Redis',
    (now: () => number) => new RedisSessionRegistry(redis, `${prefix}live-${randomBytes(4).toString('hex')}:`, now),
  ],
] as [string, (now: () => number) => SessionRegistry][])('live sessions of every user, %s', (_name, make) => {
  it('counts what is recorded, not removed and not past its end (the admin overview)', async () => {
    let now = Date.now();
    const registry = make(() => now);
    expect(await registry.countLive()).toBe(0);
    const a = entry('jti-a', now, now + HOUR);
    const b = entry('jti-b', now, now + 1000);
    await registry.record('dev_one', a);
    await registry.record('dev_one', b);
    await registry.record('dev_two', entry('jti-c', now, now + HOUR));
    // Recorded again (a login's entry rewritten) it is still one session.
    await registry.record('dev_one', a);
    expect(await registry.countLive()).toBe(3);
    await registry.remove('dev_one', [a.id]);
    expect(await registry.countLive()).toBe(2);
    now += 1000;
    expect(await registry.countLive()).toBe(1);
  });
});
