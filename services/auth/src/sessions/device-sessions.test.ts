import { randomBytes } from 'node:crypto';
import { createLogger } from '@gatehouse/logger';
import { configSecretReader, type Issued, TokenService } from '@gatehouse/token';
import { Redis } from 'ioredis';
import { MemoryRevocations, RedisRevocations, type Revocations } from '../stores/revocations';
import {
  MemorySessionRegistry,
  RedisSessionRegistry,
  type SessionRegistry,
  sessionIdOf,
} from '../stores/session-registry';
import { DeviceSessions } from './device-sessions';
import { Sessions } from './sessions';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const redis = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
const prefix = `gh-test:device-sessions:${randomBytes(4).toString('hex')}:`;
const log = createLogger({ name: 'test', level: 'silent' });

const opened: Revocations[] = [];
afterEach(() => {
  for (const store of opened.splice(0)) store.close();
});
afterAll(async () => {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
});

const BROWSER = { ip: '203.0.113.7', userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130' };
const PHONE = { ip: '198.51.100.2', userAgent: 'Mozilla/5.0 (iPhone) Safari/17' };

describe.each([
  [
    'in process',
    (now: () => number) => ({ revocations: new MemoryRevocations(now), registry: new MemorySessionRegistry(now) }),
  ],
  [
    'Redis',
    (now: () => number) => ({
      revocations: new RedisRevocations(redis, prefix, now),
      registry: new RedisSessionRegistry(redis, prefix, now),
    }),
  ],
] as [string, (now: () => number) => { revocations: Revocations; registry: SessionRegistry }][])(
  'sessions per device, stores %s',
  (_name, make) => {
    let now: number;
    let tokens: TokenService;
    let sessions: Sessions;
    let devices: DeviceSessions;
    let user: { id: string; name: string; picture: string };
    let stores: { revocations: Revocations; registry: SessionRegistry };

    beforeEach(() => {
      now = Date.now();
      const clock = () => now;
      stores = make(clock);
      const { revocations, registry } = stores;
      opened.push(revocations);
      tokens = new TokenService({
        issuer: 'test',
        tokenDurationMs: 15 * MINUTE,
        cookieDurationMs: DAY,
        audiences: [],
        secrets: configSecretReader('s'.repeat(40), {}),
        now: clock,
      });
      devices = new DeviceSessions({
        registry,
        revocations,
        sessions: { endJti: (jti, endMs) => sessions.endJti(jti, endMs) },
        tokens,
        log,
        now: clock,
      });
      sessions = new Sessions(tokens, revocations, clock, devices);
      user = { id: `dev_${randomBytes(6).toString('hex')}`, name: 'nina', picture: '' };
    });

    async function login(client: typeof BROWSER, provider = 'dev'): Promise<Issued> {
      const issued = await tokens.issueSession({ user, aud: 'x', provider, sessionOnly: false });
      await devices.issued(issued, client);
      return issued;
    }
    const caller = (s: Issued) => ({ userId: user.id, jti: s.jti });

    it('lists the user’s sessions newest first, the caller’s marked, the jti never shown', async () => {
      const first = await login(BROWSER);
      now += 2000;
      const second = await login(PHONE, 'github');
      const list = await devices.list(caller(first));
      expect(list).toEqual([
        {
          id: sessionIdOf(second.jti),
          createdMs: Math.floor(now / 1000) * 1000,
          lastSeenMs: now,
          provider: 'github',
          userAgent: PHONE.userAgent,
          ip: PHONE.ip,
          current: false,
        },
        expect.objectContaining({ id: sessionIdOf(first.jti), provider: 'dev', ...BROWSER, current: true }),
      ]);
      expect(JSON.stringify(list)).not.toContain(first.jti);
      expect(JSON.stringify(list)).not.toContain(second.jti);
    });

    it('lists two logins of the same second in the order they came, the later first', async () => {
      now = Math.floor(now / 1000) * 1000 + 100;
      const earlier = await login(BROWSER);
      now += 5;
      const later = await login(PHONE);
      expect((await devices.list(caller(earlier))).map((s) => s.id)).toEqual(
        [later, earlier].map((s) => sessionIdOf(s.jti)),
      );
    });

    it('moves last_seen at refresh, and records at refresh a session issued before the list existed', async () => {
      const listed = await login(BROWSER);
      const unlisted = await tokens.issueSession({ user, aud: 'x', provider: 'dev', sessionOnly: false });
      now += 20 * MINUTE;
      await sessions.refresh(listed.token);
      await sessions.refresh(unlisted.token);
      const list = await devices.list(caller(listed));
      expect(list.map((s) => [s.id, s.lastSeenMs, s.userAgent])).toEqual(
        expect.arrayContaining([
          [sessionIdOf(listed.jti), now, BROWSER.userAgent],
          [sessionIdOf(unlisted.jti), now, ''],
        ]),
      );
      expect(list).toHaveLength(2);
    });

    it('ends one session: refresh refused, gone from the list, the others untouched', async () => {
      const mine = await login(BROWSER);
      const other = await login(PHONE);
      const done = await devices.end(caller(mine), sessionIdOf(other.jti));
      expect(done.current).toBe(false);
      expect(done.ended?.jti).toBe(other.jti);
      expect(done.ended?.untilMs).toBeGreaterThan(now + 15 * MINUTE);
      now += 20 * MINUTE;
      await expect(sessions.refresh(other.token)).rejects.toThrow('session ended, log in again');
      await expect(sessions.refresh(mine.token)).resolves.toMatchObject({ jti: mine.jti });
      expect((await devices.list(caller(mine))).map((s) => s.id)).toEqual([sessionIdOf(mine.jti)]);
      // Ending it again: it is no longer one of the user's live sessions.
      await expect(devices.end(caller(mine), sessionIdOf(other.jti))).rejects.toMatchObject({ kind: 'not_found' });
    });

    it('keeps a user under AUTH_MAX_SESSIONS: a login past it ends the least recently seen session', async () => {
      const capped = new DeviceSessions({
        ...stores,
        sessions: { endJti: (jti, endMs) => sessions.endJti(jti, endMs) },
        tokens,
        log,
        maxPerUser: 3,
        now: () => now,
      });
      const loginCapped = async () => {
        now += 1000;
        const issued = await tokens.issueSession({ user, aud: 'x', provider: 'dev', sessionOnly: false });
        await capped.issued(issued, BROWSER);
        return issued;
      };
      const [first, second, third] = [await loginCapped(), await loginCapped(), await loginCapped()];
      // The first is used again (a refresh): the second is now the one least recently seen.
      now += 20 * MINUTE;
      await sessions.refresh(first.token);
      const fourth = await loginCapped();
      const ids = (await devices.list(caller(fourth))).map((s) => s.id).sort();
      expect(ids).toEqual([first, third, fourth].map((s) => sessionIdOf(s.jti)).sort());
      await expect(sessions.refresh(second.token)).rejects.toThrow('session ended, log in again');
      // Under the cap nothing is ended.
      now += 1000;
      await devices.end(caller(fourth), sessionIdOf(third.jti));
      await loginCapped();
      expect(await devices.list(caller(fourth))).toHaveLength(3);
    });

    it('says when the caller ended its own session', async () => {
      const mine = await login(BROWSER);
      expect((await devices.end(caller(mine), sessionIdOf(mine.jti))).current).toBe(true);
      await expect(sessions.refresh(mine.token)).rejects.toThrow('session ended');
    });

    it('refuses another user’s session id, unknown and malformed ids, and a call without a caller', async () => {
      const mine = await login(BROWSER);
      const stranger = await tokens.issueSession({
        user: { id: 'dev_stranger', name: 'x', picture: '' },
        aud: 'x',
        provider: 'dev',
        sessionOnly: false,
      });
      await devices.issued(stranger, PHONE);
      await expect(devices.end(caller(mine), sessionIdOf(stranger.jti))).rejects.toMatchObject({ kind: 'not_found' });
      await expect(sessions.refresh(stranger.token)).resolves.toBeDefined();
      await expect(devices.end(caller(mine), 'A'.repeat(22))).rejects.toMatchObject({ kind: 'not_found' });
      for (const bad of ['', 'short', mine.jti, `${'A'.repeat(21)}!`, 'A'.repeat(23)])
        await expect(devices.end(caller(mine), bad)).rejects.toMatchObject({ kind: 'invalid_argument' });
      await expect(devices.list({ userId: '', jti: mine.jti })).rejects.toMatchObject({ kind: 'invalid_argument' });
      await expect(devices.list({ userId: user.id, jti: '' })).rejects.toMatchObject({ kind: 'invalid_argument' });
    });

    it('ends every session but the caller’s', async () => {
      const mine = await login(BROWSER);
      const others = [await login(PHONE), await login(PHONE)];
      const ended = await devices.endOthers(caller(mine));
      expect(ended.map((e) => e.jti).sort()).toEqual(others.map((o) => o.jti).sort());
      for (const o of others) await expect(sessions.refresh(o.token)).rejects.toThrow('session ended');
      await expect(sessions.refresh(mine.token)).resolves.toBeDefined();
      expect((await devices.list(caller(mine))).map((s) => s.current)).toEqual([true]);
      expect(await devices.endOthers(caller(mine))).toEqual([]);
    });

    it('drops a session at logout, and leaves out one ended while its entry stayed', async () => {
      const mine = await login(BROWSER);
      const gone = await login(PHONE);
      await sessions.end(gone.token);
      expect((await devices.list(caller(mine))).map((s) => s.id)).toEqual([sessionIdOf(mine.jti)]);
      // A logout whose list removal was lost: the revocation alone keeps it out of the list.
      const orphan = await login(PHONE);
      await sessions.endJti(orphan.jti, tokens.sessionEnd(orphan.claims));
      expect((await devices.list(caller(mine))).map((s) => s.id)).toEqual([sessionIdOf(mine.jti)]);
      await expect(devices.end(caller(mine), sessionIdOf(orphan.jti))).rejects.toMatchObject({ kind: 'not_found' });
    });

    it('leaves out sessions past their absolute end', async () => {
      const old = await login(BROWSER);
      now += DAY - MINUTE;
      const fresh = await login(PHONE);
      now += 2 * MINUTE;
      expect((await devices.list(caller(fresh))).map((s) => s.id)).toEqual([sessionIdOf(fresh.jti)]);
      await expect(devices.end(caller(fresh), sessionIdOf(old.jti))).rejects.toMatchObject({ kind: 'not_found' });
    });
  },
);

describe('sessions per device when the registry fails', () => {
  it('still logs in, refreshes and logs out', async () => {
    const broken: SessionRegistry = {
      record: async () => Promise.reject(new Error('down')),
      touch: async () => Promise.reject(new Error('down')),
      list: async () => Promise.reject(new Error('down')),
      get: async () => Promise.reject(new Error('down')),
      remove: async () => Promise.reject(new Error('down')),
      countLive: async () => Promise.reject(new Error('down')),
    };
    const revocations = new MemoryRevocations();
    const tokens = new TokenService({
      issuer: 'test',
      tokenDurationMs: 15 * MINUTE,
      cookieDurationMs: DAY,
      audiences: [],
      secrets: configSecretReader('s'.repeat(40), {}),
    });
    let sessions: Sessions | undefined;
    const devices = new DeviceSessions({
      registry: broken,
      revocations,
      sessions: { endJti: (jti, endMs) => (sessions as Sessions).endJti(jti, endMs) },
      tokens,
      log,
    });
    sessions = new Sessions(tokens, revocations, Date.now, devices);
    const user = { id: 'dev_x', name: 'x', picture: '' };
    const issued = await tokens.issueSession({ user, aud: 'x', provider: 'dev', sessionOnly: false });
    await expect(devices.issued(issued, BROWSER)).resolves.toBeUndefined();
    await expect(sessions.refresh(issued.token)).resolves.toMatchObject({ jti: issued.jti });
    await sessions.end(issued.token);
    expect(await revocations.isRevoked(issued.jti)).toBe(true);
    // Listing has nothing to fall back on: the caller hears the store is down.
    await expect(devices.list({ userId: 'dev_x', jti: issued.jti })).rejects.toMatchObject({
      kind: 'unavailable',
      message: 'the session list is unavailable now, try again',
    });
    await expect(devices.endOthers({ userId: 'dev_x', jti: issued.jti })).rejects.toMatchObject({
      kind: 'unavailable',
    });
  });
});
