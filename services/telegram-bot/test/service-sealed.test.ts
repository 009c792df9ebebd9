// Login requests in Redis are sealed (issue 31, defence in depth): whoever reaches Redis without the
// bot's key (a foothold in another container) can neither write a request that logs someone in, nor
// move a real one past its Confirm, its code or its browser. The real service, real Redis, the fake
// Bot API; the writes are what such a foothold would send to Redis.
import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import { hashCode } from '../src/requests';
import { FakeBotApi } from './fake-bot-api';
import {
  body,
  create,
  loginRequest,
  pressButton,
  redisPrefix,
  redisUrl,
  startService,
  type TestService,
  testConfig,
  waitFor,
} from './helpers';

const victim = { id: 5201, first_name: 'Victim' };
const attacker = { id: 6601, first_name: 'Mallory' };
const victimJson = JSON.stringify({
  name: 'Victim',
  id: `telegram_${createHash('sha1').update(String(victim.id)).digest('hex')}`,
  picture: '',
  attrs: { admin: true },
});

describe('sealed telegram login requests', () => {
  let fake: FakeBotApi;
  let keys: ReturnType<typeof redisPrefix>;
  let svc: TestService | undefined;
  let redis: Redis;

  const requestKey = (token: string) => `${keys.prefix}request:${token}`;
  const poll = (s: TestService, created: Awaited<ReturnType<typeof create>>, code?: string) =>
    s.login.login(loginRequest({ token: created.token, ...(code ? { code } : {}) }, { cookies: created.cookies }));

  beforeEach(async () => {
    fake = await new FakeBotApi().listen();
    keys = redisPrefix('sealed');
    redis = new Redis(redisUrl());
  });
  afterEach(async () => {
    await svc?.stop();
    svc = undefined;
    redis.disconnect();
    await fake.close();
    await keys.cleanup();
  });

  it('refuses a confirmed request written straight into Redis', async () => {
    svc = await startService(testConfig(fake, keys.prefix));
    const created = await create(svc);
    // The browser's own request, made "confirmed" for the victim by a write to Redis.
    await redis.hset(requestKey(created.token), 'starter', String(victim.id), 'user', victimJson);
    const res = await poll(svc, created);
    expect(res.status).not.toBe(200);
    expect(res.userJson).toBe('');
  });

  it('refuses a started request confirmed in Redis instead of by its starter', async () => {
    svc = await startService(testConfig(fake, keys.prefix));
    const created = await create(svc);
    fake.sendText(victim, `/start ${created.token}`);
    await waitFor('the prompt', () => fake.buttonIn(victim.id, 'Confirm'));
    const key = requestKey(created.token);
    // Skip the victim's Confirm: the candidate user moved into place by hand...
    await redis.hset(key, 'user', (await redis.hget(key, 'candidate')) as string);
    const res = await poll(svc, created);
    expect(res.status).not.toBe(200);
    expect(res.userJson).toBe('');
  });

  it('refuses a Confirm pressed by someone written into Redis as the starter', async () => {
    svc = await startService(testConfig(fake, keys.prefix));
    const created = await create(svc);
    fake.sendText(victim, `/start ${created.token}`);
    await waitFor('the prompt', () => fake.buttonIn(victim.id, 'Confirm'));
    await redis.hset(requestKey(created.token), 'starter', String(attacker.id));
    expect(await pressButton(fake, victim.id, 'Confirm', attacker)).not.toBe('Logged in');
    const res = await poll(svc, created);
    expect(res.status).not.toBe(200);
  });

  it('refuses a code replaced in Redis by one the attacker knows', async () => {
    svc = await startService(testConfig(fake, keys.prefix, { TELEGRAM_CONFIRM: 'code' }));
    const created = await create(svc);
    fake.sendText(victim, `/start ${created.token}`);
    await waitFor('the code', () => fake.messagesTo(victim.id)[0]);
    await redis.hset(requestKey(created.token), 'code', hashCode('424242'));
    const res = await poll(svc, created, '424242');
    expect(res.status).not.toBe(200);
    expect(res.userJson).toBe('');
  });

  it('still logs in a request confirmed by its starter', async () => {
    svc = await startService(testConfig(fake, keys.prefix));
    const created = await create(svc);
    fake.sendText(victim, `/start ${created.token}`);
    expect(await pressButton(fake, victim.id, 'Confirm', victim)).toBe('Logged in');
    const res = await poll(svc, created);
    expect([res.status, JSON.parse(res.userJson).name]).toEqual([200, 'Victim']);
    expect(body(res)).toMatchObject({ name: 'Victim' });
  });
});
