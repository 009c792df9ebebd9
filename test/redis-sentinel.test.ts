import { redisMissing, type SentinelSet, startSentinelSet } from '@gatehouse/test-kit/servers/redis';
import { until } from '@gatehouse/test-kit/until';
import { Redis } from 'ioredis';
import type { Logger } from '../packages/logger/src';
import { openRedis, type RedisConnection, resolveRedisConnection } from '../packages/redis/src';
import { RedisRevocations } from '../services/auth/src/stores/revocations';
import { RedisUsedTokens } from '../services/auth/src/stores/used-tokens';
import { RedisPollerLease } from '../services/telegram-bot/src/lease';

// Redis Sentinel (REDIS_SENTINELS, REDIS_SENTINEL_NAME): one master, one replica and three sentinels
// the test starts, then a SENTINEL FAILOVER under steady use of the stores the processes use: auth's
// one-time marks and logouts, telegram-bot's poller lease and offset. Nothing written is lost, writes
// work again within 10 s, a logout after the failover still reaches a watcher. The servers run with
// compose's users (deploy/redis/users.acl), so each process logs in as its own user (REDIS_URL
// redis://<user>:<password>@...) and the commands a failover needs (ROLE, WAIT, INFO) are in its rules;
// the replica and the sentinels log in as the file's `replica` and `sentinel` users.
const missing = redisMissing({ sentinel: true });
if (missing) console.warn(`redis-sentinel.test.ts skipped: ${missing}`);
const suite = missing ? describe.skip : describe;

const NAME = 'gatehouse-test';
const PASSWORDS = {
  AUTH_REDIS_PASSWORD: 'auth-data-password-1',
  TELEGRAM_REDIS_PASSWORD: 'telegram-data-password-1',
  GATEWAY_REDIS_PASSWORD: 'gateway-data-password-1',
  REPLICA_REDIS_PASSWORD: 'replica-password-1234',
  SENTINEL_REDIS_PASSWORD: 'sentinel-password-123',
};

suite('Redis Sentinel failover', () => {
  let set: SentinelSet;
  const lines: string[] = [];
  const log = { warn: (line: string) => lines.push(line) } as unknown as Logger;

  beforeAll(async () => {
    set = await startSentinelSet(NAME, { acl: PASSWORDS });
  }, 60_000);
  afterAll(async () => {
    await set?.stop();
  });

  it('keeps every write through a SENTINEL FAILOVER and writes again within 10 s', async () => {
    const problems: string[] = [];
    const connectionAs = (user: string, password: string) =>
      resolveRedisConnection(
        {
          REDIS_URL: `redis://${user}:${password}@ignored:1/0`,
          REDIS_SENTINELS: set.addresses.split(','),
          REDIS_SENTINEL_NAME: NAME,
          REDIS_TLS_CA_FILE: undefined,
        },
        problems,
      ) as RedisConnection;
    const authConnection = connectionAs('auth', PASSWORDS.AUTH_REDIS_PASSWORD);
    const botConnection = connectionAs('telegram-bot', PASSWORDS.TELEGRAM_REDIS_PASSWORD);
    expect(problems).toEqual([]);
    const authRedis = openRedis(authConnection, log, { commandTimeoutMs: 1000 });
    const botRedis = openRedis(botConnection, log, { commandTimeoutMs: 2000 });
    const otherAuthRedis = openRedis(authConnection, log, { commandTimeoutMs: 1000 });
    // The processes' default prefixes, the ones the users are confined to.
    const used = new RedisUsedTokens(authRedis, 'gatehouse:');
    const revocations = new RedisRevocations(authRedis, 'gatehouse:');
    const watched = new RedisRevocations(otherAuthRedis, 'gatehouse:'); // another auth process, watching logouts
    const lease = new RedisPollerLease(botRedis, 'gatehouse-telegram:', 20_000);
    const heard = new Set<string>();
    await watched.watch((ended) => heard.add(ended.jti));
    try {
      expect(await lease.acquireOrRenew()).toBe(true);
      const marked: string[] = [];
      const revoked: string[] = [];
      let offset = 0;
      const failures: number[] = [];
      let stop = false;
      let failoverAt = 0;
      const load = (async () => {
        for (let i = 0; !stop; i++) {
          const at = Date.now();
          try {
            if (await used.markUsed(`token-${i}`, 600_000)) marked.push(`token-${i}`);
            await revocations.revoke(`jti-${i}`, 600_000, Date.now() + 600_000);
            revoked.push(`jti-${i}`);
            if (!(await lease.acquireOrRenew())) throw new Error('lease lost');
            await lease.writeOffset(i + 1);
            offset = i + 1;
          } catch {
            failures.push(at);
          }
          await new Promise((r) => setTimeout(r, 20));
        }
      })();
      await new Promise((r) => setTimeout(r, 1000));
      failoverAt = Date.now();
      await set.failover();
      await new Promise((r) => setTimeout(r, 12_000 - (Date.now() - failoverAt)));
      stop = true;
      await load;

      // Writes work again within 10 s of the failover, and kept working.
      const late = failures.filter((t) => t > failoverAt + 10_000);
      expect(late).toEqual([]);
      // Some writes did fail in the switch (they are refused, not lost): the failover really happened.
      expect(failures.length).toBeGreaterThan(0);
      expect(revoked.length).toBeGreaterThan(100);
      // The replica is the master now, and holds everything written before and after.
      const newMaster = new Redis({
        port: set.replica.port,
        host: '127.0.0.1',
        username: 'auth',
        password: PASSWORDS.AUTH_REDIS_PASSWORD,
      });
      expect(await newMaster.call('ROLE').then((r) => (r as string[])[0])).toBe('master');
      newMaster.disconnect();
      for (const token of marked) expect(await used.markUsed(token, 600_000)).toBe(false);
      for (const jti of revoked) expect(await revocations.isRevoked(jti)).toBe(true);
      expect(await lease.acquireOrRenew()).toBe(true);
      expect(await lease.readOffset()).toBe(offset);
      // A logout made after the failover reaches the other process.
      await revocations.revoke('after-failover', 600_000, Date.now() + 600_000);
      await untilWithin(async () => heard.has('after-failover'), 5_000);
      for (const password of Object.values(PASSWORDS)) expect(lines.every((l) => !l.includes(password))).toBe(true);
      // Nothing the processes sent was refused by their users' rules.
      expect(lines.filter((l) => l.includes('NOPERM'))).toEqual([]);
    } finally {
      watched.close();
      revocations.close();
      authRedis.disconnect();
      botRedis.disconnect();
      otherAuthRedis.disconnect();
    }
  }, 60_000);
});

/** `check` true within `ms` (a check that throws counts as not yet: a failover under way). */
const untilWithin = (check: () => Promise<boolean>, ms: number) =>
  until(check, { ms, everyMs: 200, ignoreErrors: true });
