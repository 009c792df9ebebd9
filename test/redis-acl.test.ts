// One Redis user per workload (issue 31): a redis-server started as compose starts it
// (deploy/redis/entrypoint.sh with deploy/redis/users.acl). A client without a password can do nothing;
// every store of auth, telegram-bot and the gateway does its real work under its own user, with the
// processes' default key prefixes; and each user is refused the others' keys, channels and every
// command that lists, flushes or reconfigures: the attacks of the issue (un-revoking a session,
// planting a pending second factor or a Telegram login, clearing attempt counters) all fail.
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { type OwnRedis, redisMissing, startRedis } from '@gatehouse/test-kit/servers/redis';
import { until } from '@gatehouse/test-kit/until';
import type { Redis } from 'ioredis';
import { loadGatewayConfig } from '../gateway/src/config';
import type { Logger } from '../packages/logger/src';
import { openRedis, PasswordAttempts, RedisRateLimiter } from '../packages/redis/src';
import { RecordSeal } from '../packages/token/src';
import { loadAuthConfig } from '../services/auth/src/config';
import { redisAdapter } from '../services/auth/src/local-server/shared-state';
import { openStores } from '../services/auth/src/stores/open';
import { RedisPendingLogins } from '../services/auth/src/totp/pending';
import { loadTelegramConfig } from '../services/telegram-bot/src/config';
import { RedisPollerLease } from '../services/telegram-bot/src/lease';
import { RedisLoginRequestStore } from '../services/telegram-bot/src/redis-requests';
import { hashCode } from '../services/telegram-bot/src/requests';
import { RedisUpdateLog } from '../services/telegram-bot/src/update-log';

const missing = redisMissing();
if (missing) console.warn(`redis-acl.test.ts skipped: ${missing}`);
const suite = missing ? describe.skip : describe;

const secret = () => randomBytes(24).toString('hex');
const PASSWORDS = {
  AUTH_REDIS_PASSWORD: secret(),
  TELEGRAM_REDIS_PASSWORD: secret(),
  GATEWAY_REDIS_PASSWORD: secret(),
};
// The prefixes each process uses when nothing is set: the ones the ACL file confines each user to.
const PREFIX = {
  auth: loadAuthConfig({ AUTH_SECRET: 'x'.repeat(64), AUTH_DEV_PROVIDER: 'true' }).redis.keyPrefix,
  telegram: loadTelegramConfig({}).redisKeyPrefix,
  gateway: loadGatewayConfig({ AUTH_SECRET: 'x'.repeat(64) }).redis.keyPrefix,
};
const lines: string[] = [];
const log = { warn: (line: string) => lines.push(line), info: () => {}, error: () => {} } as unknown as Logger;

suite('Redis with one user per workload (deploy/redis)', () => {
  let server: OwnRedis;
  const clients: Redis[] = [];
  const as = (user: string, password: string) => {
    const client = openRedis(`redis://${user}:${password}@127.0.0.1:${server.port}`, log, { commandTimeoutMs: 2000 });
    clients.push(client);
    return client;
  };
  let auth: Redis;
  let telegram: Redis;
  let gateway: Redis;

  beforeAll(async () => {
    server = await startRedis({ acl: PASSWORDS });
    auth = as('auth', PASSWORDS.AUTH_REDIS_PASSWORD);
    telegram = as('telegram-bot', PASSWORDS.TELEGRAM_REDIS_PASSWORD);
    gateway = as('gateway', PASSWORDS.GATEWAY_REDIS_PASSWORD);
  }, 30_000);
  afterAll(async () => {
    for (const c of clients) c.disconnect();
    await server?.stop();
  });

  it('refuses a client without a password, and every password but the right one', async () => {
    // Plain RESP on a socket, as any program in a container could send it.
    expect(await raw(server.port, ['PING'])).toMatch(/^-NOAUTH/);
    expect(await raw(server.port, ['GET', `${PREFIX.auth}revoked:x`])).toMatch(/^-NOAUTH/);
    expect(await raw(server.port, ['HELLO', '3'])).toMatch(/^-NOAUTH/);
    expect(await raw(server.port, ['AUTH', 'default', 'anything'])).toMatch(/^-WRONGPASS/);
    expect(await raw(server.port, ['AUTH', 'anything'])).toMatch(/^-WRONGPASS/);
    expect(await raw(server.port, ['AUTH', 'auth', PASSWORDS.TELEGRAM_REDIS_PASSWORD])).toMatch(/^-WRONGPASS/);
    expect(await raw(server.port, ['AUTH', 'auth', PASSWORDS.AUTH_REDIS_PASSWORD])).toBe('+OK');
  });

  it('gives each workload a prefix that does not begin another', () => {
    const all = Object.values(PREFIX);
    expect(new Set(all).size).toBe(3);
    for (const a of all) for (const b of all) if (a !== b) expect(b.startsWith(a)).toBe(false);
  });

  it("runs every store of auth under auth's user", async () => {
    // What ioredis sends beside the stores' commands: the ready check (INFO) and connection names.
    expect(await auth.ping()).toBe('PONG');
    expect(await auth.info('server')).toContain('redis_version');
    expect(await auth.client('SETNAME', 'gatehouse-auth')).toBe('OK');

    const stores = openStores(
      { url: `redis://auth:${PASSWORDS.AUTH_REDIS_PASSWORD}@127.0.0.1:${server.port}`, keyPrefix: PREFIX.auth },
      log,
    );
    const other = openStores(
      { url: `redis://auth:${PASSWORDS.AUTH_REDIS_PASSWORD}@127.0.0.1:${server.port}`, keyPrefix: PREFIX.auth },
      log,
    );
    if (stores.redis) clients.push(stores.redis);
    if (other.redis) clients.push(other.redis);
    try {
      const limit = { limit: 2, windowMs: 60_000 };
      expect((await stores.limiter.hit('direct:u', limit)).allowed).toBe(true);
      expect((await stores.limiter.peek('direct:u', limit)).allowed).toBe(true);
      await stores.limiter.release('direct:u'); // an attempt taken back (DECR in a script)
      await stores.limiter.reset('direct:u');
      expect(await stores.usedTokens.markUsed('one-time', 60_000)).toBe(true);
      expect(await stores.usedTokens.markUsed('one-time', 60_000)).toBe(false);
      await stores.challenges.put('challenge', 'v', 60_000);
      expect(await stores.challenges.take('challenge')).toBe('v');

      const now = Date.now();
      const entry = {
        id: 'A'.repeat(22),
        jti: 'jti-1',
        provider: 'dev',
        createdMs: now,
        lastSeenMs: now,
        endMs: now + 60_000,
        userAgent: 'ua',
        ip: '127.0.0.1',
      };
      expect(await stores.sessionRegistry.record('dev_1', entry)).toBe(1);
      expect(await stores.sessionRegistry.touch('dev_1', entry.id, now + 1)).toBe(true);
      expect((await stores.sessionRegistry.list('dev_1')).map((e) => e.id)).toEqual([entry.id]);
      expect((await stores.sessionRegistry.get('dev_1', entry.id))?.lastSeenMs).toBe(now + 1);
      await stores.sessionRegistry.remove('dev_1', [entry.id]);

      // A logout made by one auth process reaches a watcher of another (pub/sub on gatehouse:ended-sessions).
      const heard: string[] = [];
      await other.revocations.watch((ended) => heard.push(ended.jti));
      await stores.revocations.revoke('jti-1', 60_000, now + 60_000);
      expect(await stores.revocations.isRevoked('jti-1')).toBe(true);
      expect(await stores.revocations.held()).toBe(1);
      await until(() => heard.includes('jti-1'));

      const pending = new RedisPendingLogins(auth, PREFIX.auth);
      await pending.put('p', 'sealed', 60_000);
      expect(await pending.get('p')).toBe('sealed');
      expect(await pending.take('p')).toBe('sealed');

      const Adapter = redisAdapter(auth, `${PREFIX.auth}local:dev:`);
      const codes = new Adapter('AuthorizationCode');
      await codes.upsert('c1', { grantId: 'g1', uid: 'u1', userCode: 'uc1' }, 60);
      expect(await codes.find('c1')).toMatchObject({ grantId: 'g1' });
      expect(await codes.findByUid('u1')).toMatchObject({ grantId: 'g1' });
      expect(await codes.findByUserCode('uc1')).toMatchObject({ grantId: 'g1' });
      await codes.consume('c1');
      await codes.revokeByGrantId('g1');
      expect(await codes.find('c1')).toBeUndefined();
      await codes.destroy('c1');
    } finally {
      stores.revocations.close();
      other.revocations.close();
    }
  });

  it('runs every store of telegram-bot under its user', async () => {
    expect(await telegram.ping()).toBe('PONG');
    expect(await telegram.info('server')).toContain('redis_version');
    const now = Date.now();
    const requests = new RedisLoginRequestStore(telegram, PREFIX.telegram, new RecordSeal(randomBytes(32)));
    const user = JSON.stringify({ name: 'tg', id: `telegram_${'0'.repeat(40)}`, picture: '' });
    await requests.create('button', now + 60_000, 'browser');
    expect(await requests.peek('button', now)).toBe('pending');
    expect(await requests.start('button', 'tg1', user, '', now)).toBe(now + 60_000);
    expect(await requests.confirm('button', 'tg1', now)).toBe('ok');
    expect(await requests.take('button', now, 'browser')).toEqual({ state: 'ok', userJson: user });
    await requests.create('cancelled', now + 60_000);
    await requests.start('cancelled', 'tg1', user, '', now);
    expect(await requests.cancel('cancelled', 'tg1', now)).toBe('ok');
    await requests.create('code', now + 60_000, 'browser');
    await requests.start('code', 'tg1', user, hashCode('123456'), now);
    expect(await requests.checkCode('code', '000000', now, 'browser')).toMatchObject({ state: 'wrong_code' });
    expect(await requests.checkCode('code', '123456', now, 'browser')).toEqual({ state: 'ok', userJson: user });

    const lease = new RedisPollerLease(telegram, PREFIX.telegram, 20_000);
    expect(await lease.acquireOrRenew()).toBe(true);
    expect(await lease.acquireOrRenew()).toBe(true);
    await lease.writeOffset(42);
    expect(await lease.readOffset()).toBe(42);
    await lease.release();
    const updates = new RedisUpdateLog(telegram, PREFIX.telegram);
    expect(await updates.firstSeen(7)).toBe(true);
    expect(await updates.firstSeen(7)).toBe(false);
  });

  it("counts the gateway's basic-auth failures under its user", async () => {
    expect(await gateway.ping()).toBe('PONG');
    const attempts = new PasswordAttempts(new RedisRateLimiter(gateway, PREFIX.gateway), 'basic');
    expect(await attempts.attempt('admin', '203.0.113.9')).toBe(0);
    await attempts.succeeded('admin', '203.0.113.9'); // takes the attempt back (DECR in a script)
    expect(await gateway.get(`${PREFIX.gateway}limit:basic:u:admin`)).toBe('0');
  });

  it("keeps each user out of the others' keys and channels, and away from every listing or admin command", async () => {
    // What a foothold would do with the user of another workload (the issue's attacks).
    await auth.set(`${PREFIX.auth}revoked:stolen`, '1');
    await telegram.hset(`${PREFIX.telegram}request:live`, 'expires_at', String(Date.now() + 60_000));
    await new RedisRateLimiter(gateway, PREFIX.gateway).hit('basic:c:203.0.113.9:admin', {
      limit: 10,
      windowMs: 60_000,
    });
    const refused: [string, Redis, () => Promise<unknown>][] = [
      ['telegram-bot un-revokes a session', telegram, () => telegram.del(`${PREFIX.auth}revoked:stolen`)],
      ['gateway un-revokes a session', gateway, () => gateway.del(`${PREFIX.auth}revoked:stolen`)],
      [
        'telegram-bot plants a pending second factor',
        telegram,
        () => telegram.set(`${PREFIX.auth}totp-pending:x`, '{"attrs":{"admin":true}}'),
      ],
      ['telegram-bot clears auth counters', telegram, () => telegram.del(`${PREFIX.auth}limit:totp:dev_1`)],
      [
        'telegram-bot announces a fake logout',
        telegram,
        () => telegram.publish(`${PREFIX.auth}ended-sessions`, '{"jti":"x","untilMs":1}'),
      ],
      [
        'gateway listens to logouts',
        gateway,
        // A client of its own: ioredis keeps a connection that sent SUBSCRIBE for subscriptions only.
        () => as('gateway', PASSWORDS.GATEWAY_REDIS_PASSWORD).subscribe(`${PREFIX.auth}ended-sessions`),
      ],
      [
        'auth forges a Telegram login',
        auth,
        () => auth.hset(`${PREFIX.telegram}request:live`, 'user', '{"id":"victim"}'),
      ],
      ['auth reads the poller lease', auth, () => auth.get(`${PREFIX.telegram}{poller}:lease`)],
      ['auth clears the gateway counters', auth, () => auth.del(`${PREFIX.gateway}limit:basic:c:203.0.113.9:admin`)],
      [
        'auth reaches telegram keys from a script',
        auth,
        () => auth.eval(`return redis.call('DEL', '${PREFIX.telegram}request:live')`, 0),
      ],
      ['gateway reads auth keys', gateway, () => gateway.get(`${PREFIX.auth}revoked:stolen`)],
    ];
    // A script is refused the same, in its own words.
    const REFUSED = /^NOPERM|can't access at least one of the keys/;
    for (const [what, , attempt] of refused) {
      await expect(attempt().then(() => `${what}: allowed`)).rejects.toThrow(REFUSED);
    }
    for (const [user, client] of [
      ['auth', auth],
      ['telegram-bot', telegram],
      ['gateway', gateway],
    ] as const) {
      for (const command of [
        ['KEYS', '*'],
        ['SCAN', '0'],
        ['RANDOMKEY'],
        ['FLUSHALL'],
        ['FLUSHDB'],
        ['CONFIG', 'GET', '*'],
        ['ACL', 'LIST'],
        ['CLIENT', 'LIST'],
        ['CLIENT', 'KILL', 'TYPE', 'normal'],
        ['MONITOR'],
        ['SCRIPT', 'FLUSH'],
        ['FUNCTION', 'LIST'],
        ['REPLICAOF', '127.0.0.1', '1'],
        ['SHUTDOWN', 'NOSAVE'],
        ['SWAPDB', '0', '1'],
      ]) {
        await expect(
          client.call(command[0] as string, ...command.slice(1)).then(() => `${user}: ${command.join(' ')} allowed`),
        ).rejects.toThrow(/^NOPERM/);
      }
    }
    const listener = as('telegram-bot', PASSWORDS.TELEGRAM_REDIS_PASSWORD);
    await expect(listener.psubscribe('*')).rejects.toThrow(/^NOPERM/);
    // Nothing was changed by the refused attempts.
    expect(await auth.exists(`${PREFIX.auth}revoked:stolen`)).toBe(1);
    expect(await telegram.hget(`${PREFIX.telegram}request:live`, 'user')).toBeNull();
    expect(await gateway.get(`${PREFIX.gateway}limit:basic:c:203.0.113.9:admin`)).toBe('1');
    expect(lines.filter((l) => l.includes('NOPERM'))).toEqual([]);
  });
});

/** One command in RESP on a fresh socket; the first line of the answer. */
function raw(port: number, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.setTimeout(2000, () => socket.destroy(new Error('no answer')));
    socket.on('error', reject);
    socket.on('data', (chunk) => {
      answer += chunk.toString();
      const end = answer.indexOf('\r\n');
      if (end >= 0) {
        socket.destroy();
        resolve(answer.slice(0, end));
      }
    });
    socket.write(`*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`).join('')}`);
  });
}
