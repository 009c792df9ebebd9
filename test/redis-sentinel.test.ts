import { Redis } from 'ioredis';
import type { Logger } from '../packages/logger/src';
import { openRedis, type RedisConnection, resolveRedisConnection } from '../packages/redis/src';
import { RedisRevocations } from '../services/auth/src/stores/revocations';
import { RedisUsedTokens } from '../services/auth/src/stores/used-tokens';
import { RedisPollerLease } from '../services/telegram-bot/src/lease';
import { redisMissing, type SentinelSet, startSentinelSet } from './servers/redis';

// Redis Sentinel (REDIS_SENTINELS, REDIS_SENTINEL_NAME): one master, one replica and three sentinels
// the test starts, then a SENTINEL FAILOVER under steady use of the stores the processes use: auth's
// one-time marks and logouts, telegram-bot's poller lease and offset. Nothing written is lost, writes
// work again within 10 s, a logout after the failover still reaches a watcher.
const missing = redisMissing({ sentinel: true });
if (missing) console.warn(`redis-sentinel.test.ts skipped: ${missing}`);
const suite = missing ? describe.skip : describe;

const NAME = 'gatehouse-test';
const PASSWORD = 'sentinel-data-pw';

suite('Redis Sentinel failover', () => {
  let set: SentinelSet;
  const lines: string[] = [];
  const log = { warn: (line: string) => lines.push(line) } as unknown as Logger;

  beforeAll(async () => {
    set = await startSentinelSet(NAME, PASSWORD);
  }, 60_000);
  afterAll(async () => {
    await set?.stop();
  });

  it('keeps every write through a SENTINEL FAILOVER and writes again within 10 s', async () => {
    const problems: string[] = [];
    const connection = resolveRedisConnection(
      {
        REDIS_URL: `redis://:${PASSWORD}@ignored:1/0`,
        REDIS_SENTINELS: set.addresses.split(','),
        REDIS_SENTINEL_NAME: NAME,
        REDIS_TLS_CA_FILE: undefined,
      },
      problems,
    ) as RedisConnection;
    expect(problems).toEqual([]);
    const authRedis = openRedis(connection, log, { commandTimeoutMs: 1000 });
    const botRedis = openRedis(connection, log, { commandTimeoutMs: 2000 });
    const gatewayRedis = openRedis(connection, log, { commandTimeoutMs: 1000 });
    const used = new RedisUsedTokens(authRedis, 'gh:');
    const revocations = new RedisRevocations(authRedis, 'gh:');
    const watched = new RedisRevocations(gatewayRedis, 'gh:'); // another process watching logouts
    const lease = new RedisPollerLease(botRedis, 'gh:telegram:', 20_000);
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
      const newMaster = new Redis({ port: set.replica.port, host: '127.0.0.1', password: PASSWORD });
      expect(await newMaster.call('ROLE').then((r) => (r as string[])[0])).toBe('master');
      newMaster.disconnect();
      for (const token of marked) expect(await used.markUsed(token, 600_000)).toBe(false);
      for (const jti of revoked) expect(await revocations.isRevoked(jti)).toBe(true);
      expect(await lease.acquireOrRenew()).toBe(true);
      expect(await lease.readOffset()).toBe(offset);
      // A logout made after the failover reaches the other process.
      await revocations.revoke('after-failover', 600_000, Date.now() + 600_000);
      await eventually(async () => heard.has('after-failover'), 5_000);
      expect(lines.every((l) => !l.includes(PASSWORD))).toBe(true);
    } finally {
      watched.close();
      revocations.close();
      authRedis.disconnect();
      botRedis.disconnect();
      gatewayRedis.disconnect();
    }
  }, 60_000);
});

async function eventually(check: () => Promise<boolean>, withinMs: number): Promise<void> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`not within ${withinMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
