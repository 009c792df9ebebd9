import { randomBytes } from 'node:crypto';
import { hashId, RecordSeal } from '@gatehouse/token';
import { Redis } from 'ioredis';
import { FakeBotApi } from '../test/fake-bot-api';
import { quietLog, redisPrefix, redisUrl, TINY_PNG } from '../test/helpers';
import { type AvatarSaver, type BotRecorder, LoginBot } from './bot';
import { HttpBotApi, type TgUpdate } from './botapi';
import { RedisLoginRequestStore } from './redis-requests';

// Unit tests of the login logic: the real Bot API client against the fake Bot API, real Redis, and
// (unit tests only) a recorder standing in for the avatar service.
describe('LoginBot', () => {
  let fake: FakeBotApi;
  let redis: Redis;
  let keys: ReturnType<typeof redisPrefix>;
  let now: number;
  let saved: { userId: string; content: Buffer }[];
  let bot: LoginBot;
  let api: HttpBotApi;

  const recorder: AvatarSaver = {
    async saveContent(userId, content) {
      saved.push({ userId, content });
      return `${hashId(userId)}.image`;
    },
  };

  function makeBot(avatars: AvatarSaver = recorder, metrics?: BotRecorder) {
    return new LoginBot({
      api,
      store: new RedisLoginRequestStore(redis, keys.prefix, new RecordSeal(randomBytes(32))),
      avatars,
      log: quietLog(),
      providerName: 'telegram',
      successMsg: 'welcome',
      errorMsg: 'bad link',
      requestLifetimeMs: 600_000,
      confirm: 'button',
      siteName: 'login.example.com',
      now: () => now,
      recorder: metrics,
    });
  }

  /** Delivers what the user sent to the bot the way the poller does. */
  async function deliver() {
    const updates: TgUpdate[] = await api.getUpdates(0, 0);
    for (const u of updates) await bot.handleUpdate(u);
    if (updates.length > 0) await api.getUpdates(updates[updates.length - 1]!.update_id + 1, 0);
  }

  /** The user presses Confirm under the bot's prompt (the step after /start). */
  async function confirm(user: { id: number; first_name: string }) {
    fake.press(user, fake.buttonIn(user.id, 'Confirm')!, 'Confirm');
    await deliver();
  }

  beforeAll(async () => {
    redis = new Redis(redisUrl());
    keys = redisPrefix('bot');
  });
  afterAll(async () => {
    await keys.cleanup();
    redis.disconnect();
  });
  afterEach(() => fake.close());
  beforeEach(async () => {
    fake = await new FakeBotApi().listen();
    now = Date.now();
    saved = [];
    api = new HttpBotApi({ baseUrl: fake.url, token: fake.token });
    bot = makeBot();
  });

  it('tells its recorder of every update and of each login attempt by outcome (metrics)', async () => {
    const seen: string[] = [];
    bot = makeBot(recorder, {
      updateReceived: () => seen.push('update'),
      loginAttempt: (outcome) => seen.push(outcome),
    });
    const ada = { id: 4243, first_name: 'Ada' };
    const req = await bot.createRequest();
    fake.sendText(ada, `/start ${req.token}`);
    await deliver();
    fake.sendText(ada, `/start ${req.token}`);
    fake.sendText(ada, 'hello');
    await deliver();
    await confirm(ada);
    fake.sendText(ada, `/start ${req.token}`);
    await deliver();
    expect(seen).toEqual([
      'update',
      'started',
      'update',
      'already_started',
      'update',
      'update',
      'confirmed',
      'update',
      'already_confirmed',
    ]);
  });

  it('creates a request whose token is a valid start parameter and links to the bot', async () => {
    const req = await bot.createRequest();
    expect(req.botName).toBe('gatehouse_test_bot');
    expect(req.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(req.deepLink).toBe(`https://t.me/gatehouse_test_bot?start=${req.token}`);
    expect(req.expiresAtMs).toBe(now + 600_000);
    expect(await bot.check(req.token)).toEqual({ state: 'not_verified' });
  });

  it('confirms a private /start <token> and Confirm: user id, first name, stored photo, success message, used once', async () => {
    fake.setPhoto(4242, TINY_PNG);
    const req = await bot.createRequest();
    fake.sendText({ id: 4242, first_name: 'Ada' }, `/start ${req.token}`);
    await deliver();
    expect(await bot.check(req.token)).toEqual({ state: 'not_verified' });
    await confirm({ id: 4242, first_name: 'Ada' });

    const result = await bot.check(req.token);
    expect(result.state).toBe('ok');
    const user = JSON.parse((result as { userJson: string }).userJson);
    const id = `telegram_${hashId('4242')}`;
    expect(user).toEqual({ name: 'Ada', id, picture: `${hashId(id)}.image` });
    expect(Object.keys(user)).toEqual(['name', 'id', 'picture']);
    // The largest size, downloaded server-side, went to the avatar saver.
    expect(saved).toEqual([{ userId: id, content: TINY_PNG }]);
    expect(fake.messagesTo(4242)).toEqual(['welcome']);
    expect(await bot.check(req.token)).toEqual({ state: 'not_found' });
  });

  it('confirms without a picture when the user has no photo or the avatar service fails', async () => {
    const req = await bot.createRequest();
    fake.sendText({ id: 777, first_name: 'NoPhoto' }, `/start ${req.token}`);
    await deliver();
    await confirm({ id: 777, first_name: 'NoPhoto' });
    const user = JSON.parse(((await bot.check(req.token)) as { userJson: string }).userJson);
    expect(user.picture).toBe('');
    expect(saved).toEqual([]);

    fake.setPhoto(778, TINY_PNG);
    bot = makeBot({
      saveContent: () => Promise.reject(new Error('avatar service down')),
    });
    const req2 = await bot.createRequest();
    fake.sendText({ id: 778, first_name: 'Broken' }, `/start ${req2.token}`);
    await deliver();
    await confirm({ id: 778, first_name: 'Broken' });
    const user2 = JSON.parse(((await bot.check(req2.token)) as { userJson: string }).userJson);
    expect(user2).toMatchObject({ name: 'Broken', picture: '' });
    expect(fake.messagesTo(778)).toEqual(['welcome']);
  });

  it('answers an unknown or malformed token with the error message', async () => {
    fake.sendText({ id: 501, first_name: 'Eve' }, '/start not-a-real-token');
    fake.sendText({ id: 502, first_name: 'Mal' }, '/start <script>');
    await deliver();
    expect(fake.messagesTo(501)).toEqual(['bad link']);
    expect(fake.messagesTo(502)).toEqual(['bad link']);
  });

  it('refuses an expired request, at /start and at check', async () => {
    const req = await bot.createRequest();
    now += 600_001;
    fake.sendText({ id: 601, first_name: 'Late' }, `/start ${req.token}`);
    await deliver();
    expect(fake.messagesTo(601)).toEqual(['bad link']);
    expect(await bot.check(req.token)).toEqual({ state: 'expired' });
  });

  it('expires a confirmed request that was not collected in time', async () => {
    const req = await bot.createRequest();
    fake.sendText({ id: 602, first_name: 'Slow' }, `/start ${req.token}`);
    await deliver();
    await confirm({ id: 602, first_name: 'Slow' });
    now += 600_001;
    expect(await bot.check(req.token)).toEqual({ state: 'expired' });
  });

  it('ignores group chats, plain text and a bare /start', async () => {
    const req = await bot.createRequest();
    fake.sendText({ id: 701, first_name: 'Grp' }, `/start ${req.token}`, { id: -1001, type: 'group', title: 'g' });
    fake.sendText({ id: 702, first_name: 'Sup' }, `/start ${req.token}`, { id: -1002, type: 'supergroup' });
    fake.sendText({ id: 703, first_name: 'Txt' }, `hello ${req.token}`);
    fake.sendText({ id: 704, first_name: 'Bare' }, '/start');
    await deliver();
    expect(await bot.check(req.token)).toEqual({ state: 'not_verified' });
    expect(fake.callsOf('sendMessage')).toEqual([]);
  });

  it('lets a token start once: a second /start gets the error message and keeps the first user', async () => {
    const req = await bot.createRequest();
    fake.sendText({ id: 801, first_name: 'First' }, `/start ${req.token}`);
    fake.sendText({ id: 802, first_name: 'Second' }, `/start ${req.token}`);
    await deliver();
    await confirm({ id: 801, first_name: 'First' });
    expect(fake.messagesTo(801)).toEqual(['welcome']);
    expect(fake.messagesTo(802)).toEqual(['bad link']);
    const user = JSON.parse(((await bot.check(req.token)) as { userJson: string }).userJson);
    expect(user.name).toBe('First');
  });

  it('hands a confirmed user to exactly one of many concurrent checks', async () => {
    const req = await bot.createRequest();
    fake.sendText({ id: 901, first_name: 'Race' }, `/start ${req.token}`);
    await deliver();
    await confirm({ id: 901, first_name: 'Race' });
    const results = await Promise.all(Array.from({ length: 8 }, () => bot.check(req.token)));
    expect(results.filter((r) => r.state === 'ok')).toHaveLength(1);
    expect(results.filter((r) => r.state === 'not_found')).toHaveLength(7);
  });

  it('waits out a 429 on sendMessage once', async () => {
    const req = await bot.createRequest();
    fake.failNext('sendMessage', 429, 'Too Many Requests: retry after 1', { retryAfter: 1 });
    fake.sendText({ id: 950, first_name: 'Limited' }, `/start ${req.token}`);
    await deliver();
    expect(fake.messagesTo(950)).toEqual([expect.stringMatching(/^Log in to login\.example\.com\?\n/)]);
    const [limited, sent] = fake.callsOf('sendMessage');
    expect(limited!.status).toBe(429);
    expect(sent!.at - limited!.at).toBeGreaterThanOrEqual(990);
  });
});
