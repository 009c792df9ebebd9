import { randomBytes } from 'node:crypto';
import { until } from '@gatehouse/test-kit/until';
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

// Every store a test makes is closed after it: an open subscriber would keep Jest from exiting.
const opened: Revocations[] = [];
const track = (store: Revocations) => {
  opened.push(store);
  return store;
};
const afterCleanup: (() => void)[] = [];
afterEach(() => {
  for (const store of opened.splice(0)) store.close();
  for (const cleanup of afterCleanup.splice(0)) cleanup();
});

/** Tokens living 15 minutes in sessions of a day, on the test's clock. */
function testTokens(now: () => number): TokenService {
  return new TokenService({
    issuer: 'test',
    tokenDurationMs: 15 * MINUTE,
    cookieDurationMs: 24 * 60 * MINUTE,
    audiences: [],
    secrets: configSecretReader('s'.repeat(40), {}),
    now,
  });
}

describe.each([
  ['in process', () => track(new MemoryRevocations())],
  ['Redis', () => track(new RedisRevocations(redis, prefix))],
] as [string, () => Revocations][])('Sessions with revocations %s', (_name, make) => {
  it('refreshes until logout, then never again', async () => {
    let now = Date.now();
    const tokens = testTokens(() => now);
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

  it('counts the ended sessions whose tokens may still be presented', async () => {
    const store = make();
    const before = await store.held();
    await store.revoke(`held-${prefix}-live`, 60_000, Date.now() + 60_000);
    await store.revoke(`held-${prefix}-gone`, 1000, Date.now() - 1);
    expect((await store.held()) - before).toBe(1);
  });

  it('announces each ended session to its watchers, and lists recent ones to a new watcher', async () => {
    const now = Date.now();
    const tokens = testTokens(() => now);
    const sessions = new Sessions(tokens, make(), () => now);
    const user = { name: 'a', id: 'dev_a', picture: '' };
    const heard: { jti: string; untilMs: number }[] = [];
    const watch = await sessions.watchEnded((e) => heard.push(e));
    const ended = await tokens.issueSession({ user, aud: 'x', provider: 'dev', sessionOnly: false });
    await sessions.end(ended.token);
    // Until the last possible token of the session expires, plus a minute for clocks that disagree.
    const expected = { jti: ended.jti, untilMs: now + 16 * MINUTE };
    await until(() => heard.length > 0, { everyMs: 20 });
    expect(heard).toEqual([expected]);
    watch.stop();

    const later = await sessions.watchEnded(() => {});
    expect(later.recent).toContainEqual(expected);
    later.stop();
  });

  it('tells its end listeners after the revocation: a logout with its user and login, a session end by jti', async () => {
    const tokens = testTokens(Date.now);
    const store = make();
    const sessions = new Sessions(tokens, store);
    const user = { name: 'a', id: 'dev_a', picture: '' };
    const heard: { end: unknown; revoked: Promise<boolean> }[] = [];
    const stop = sessions.onEnded((end) => heard.push({ end, revoked: store.isRevoked(end.jti) }));
    // A listener that throws is its own problem: the session still ends, the others still hear.
    sessions.onEnded(() => {
      throw new Error('a broken listener');
    });
    const loggedOut = await tokens.issueSession({ user, aud: 'x', provider: 'dev', sessionOnly: false });
    expect(await sessions.end(loggedOut.token)).toMatchObject({ jti: loggedOut.jti });
    const listed = await tokens.issueSession({ user, aud: 'x', provider: 'dev', sessionOnly: false });
    await sessions.endJti(listed.jti, Date.now() + MINUTE, { userId: user.id });
    // A session past its end, or a token that is none, is no end to hear of.
    await sessions.endJti('jti-over', Date.now() - 1);
    await sessions.end('not-a-token');
    expect(heard.map((h) => h.end)).toEqual([
      { jti: loggedOut.jti, userId: user.id, authTime: loggedOut.claims.auth_time },
      { jti: listed.jti, userId: user.id },
    ]);
    expect(await Promise.all(heard.map((h) => h.revoked))).toEqual([true, true]);
    stop();
    await sessions.end(listed.token);
    expect(heard).toHaveLength(2);
  });
});

describe('RedisRevocations across auth instances', () => {
  it('carries an end from one instance to the watchers of another, and after a reconnect', async () => {
    const name = `test-${randomBytes(4).toString('hex')}`;
    const crossPrefix = `${prefix}cross:`;
    const connections = [redis.duplicate(), redis.duplicate({ connectionName: name, retryStrategy: () => 500 })];
    const [a, b] = connections.map((c) => track(new RedisRevocations(c, crossPrefix))) as [
      RedisRevocations,
      RedisRevocations,
    ];
    afterCleanup.push(() => {
      for (const c of connections) c.disconnect();
    });
    const heard: string[] = [];
    const watch = await b.watch((e) => heard.push(e.jti));
    await a.revoke('jti-one', MINUTE, Date.now() + MINUTE);
    await until(() => heard.includes('jti-one'), { everyMs: 20 });
    expect(heard).toEqual(['jti-one']);
    expect(await b.isRevoked('jti-one')).toBe(true);

    // Garbage on the channel is ignored; a stale entry is not listed.
    await redis.publish(`${crossPrefix}ended-sessions`, 'not json');
    await a.revoke('jti-stale', MINUTE, Date.now() - 1);
    expect((await b.watch(() => {})).recent.map((e) => e.jti)).toEqual(['jti-one']);

    // While B's subscriber is away (it reconnects after 500 ms), an end published then is not heard as it
    // happens; when the subscriber is back, the recent list is replayed.
    const clients = (await redis.client('LIST')) as string;
    const subscriberId = new RegExp(`id=(\\d+) .*name=${name}:ended-sessions `).exec(clients)?.[1];
    expect(subscriberId).toBeDefined();
    await redis.client('KILL', 'ID', subscriberId as string);
    await a.revoke('jti-two', MINUTE, Date.now() + MINUTE);
    await until(() => heard.includes('jti-two'), { ms: 5000, everyMs: 20 });
    expect(heard).toContain('jti-two');
    watch.stop();
  });
});
