import { toPairs } from '@gatehouse/grpc-kit';
import type { Logger } from '@gatehouse/logger';
import { hashId } from '@gatehouse/token';
import * as grpc from '@grpc/grpc-js';
import { FakeBotApi } from './fake-bot-api';
import {
  body,
  capturedLog,
  create,
  healthStatus,
  login,
  loginRequest,
  pressButton,
  redisPrefix,
  SERVING,
  startService,
  type TestService,
  testConfig,
  waitFor,
} from './helpers';

describe('telegram-bot service polling the fake Bot API', () => {
  let fake: FakeBotApi;
  let keys: ReturnType<typeof redisPrefix>;
  const started: TestService[] = [];

  async function service(env: Record<string, string> = {}, prefix = keys.prefix, log?: Logger) {
    const svc = await startService(testConfig(fake, prefix, env), {}, log);
    started.push(svc);
    return svc;
  }

  beforeEach(async () => {
    fake = await new FakeBotApi().listen();
    keys = redisPrefix('svc');
  });
  afterEach(async () => {
    await Promise.all(started.splice(0).map((s) => s.stop()));
    await fake.close();
    await keys.cleanup();
  });

  it('logs a user in: request, /start in a private chat, confirmation, single use', async () => {
    const svc = await service();
    expect(await healthStatus(svc.running.port)).toBe(SERVING);
    const { token, bot, cookies, res, user } = await login(svc, fake, { id: 31337, first_name: 'Grace' });
    expect(bot).toBe('gatehouse_test_bot');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(user).toEqual({ name: 'Grace', id: `telegram_${hashId('31337')}`, picture: '' });
    expect(body(res)).toEqual(user);
    expect(fake.messagesTo(31337)).toEqual(['✅ You have successfully authenticated, check the web!']);

    const again = await svc.login.login(loginRequest({ token }, { cookies }));
    expect(again.status).toBe(404);
    expect(body(again)).toEqual({ error: 'request is not found' });
    expect(again.userJson).toBe('');
    // The poller confirmed the update: Telegram does not send it again.
    await waitFor('the offset to pass the update', () => (fake.pendingUpdates === 0 ? true : undefined));
  });

  it('hands a confirmed login only to the browser that created the request', async () => {
    const svc = await service();
    const created = await create(svc);
    expect(created.cookies).toEqual([{ name: 'gh_telegram_req', value: expect.stringMatching(/^[\w-]{43}$/) }]);
    const setCookie = (await svc.login.login(loginRequest())).headers.find((h) => h.name === 'set-cookie');
    expect(setCookie?.value).toMatch(/^gh_telegram_req=[\w-]{43}; Max-Age=\d+$/);
    fake.sendText({ id: 4242, first_name: 'Victim' }, `/start ${created.token}`);
    await pressButton(fake, 4242, 'Confirm', { id: 4242, first_name: 'Victim' });

    // Someone else holding the token: no cookie, another browser's cookie, a forged one, the gRPC API.
    const other = await create(svc);
    const forged = [
      { name: 'gh_telegram_req', value: created.cookies[0]!.value.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')) },
    ];
    for (const cookies of [[], other.cookies, forged]) {
      const res = await svc.login.login(loginRequest({ token: created.token }, { cookies }));
      expect([res.status, body(res), res.userJson]).toEqual([404, { error: 'request is not found' }, '']);
    }
    const viaApi = (await svc.telegram
      .checkLoginRequest({ token: created.token })
      .catch((e) => e)) as grpc.ServiceError;
    expect(viaApi.code).toBe(grpc.status.NOT_FOUND);

    // None of that consumed the request: its own browser logs in, and the cookie is cleared.
    const mine = await svc.login.login(loginRequest({ token: created.token }, { cookies: created.cookies }));
    expect(JSON.parse(mine.userJson)).toMatchObject({ name: 'Victim' });
    expect(mine.headers).toContainEqual({ name: 'set-cookie', value: 'gh_telegram_req=; Max-Age=0' });
  });

  it('answers CheckLoginRequest with distinct reasons', async () => {
    const svc = await service({ TELEGRAM_REQUEST_LIFETIME: '1s', TELEGRAM_PROVIDER_NAME: 'tg' });
    const check = (token: string) => svc.telegram.checkLoginRequest({ token }).catch((e: grpc.ServiceError) => e);
    const codeOf = (e: unknown) => (e as grpc.ServiceError).metadata.get('x-error-code')[0];

    const created = await svc.telegram.createLoginRequest({});
    expect(created.deepLink).toBe(`https://t.me/gatehouse_test_bot?start=${created.token}`);
    const pending = (await check(created.token)) as grpc.ServiceError;
    expect([pending.code, pending.details, codeOf(pending)]).toEqual([
      grpc.status.NOT_FOUND,
      'request is not verified yet',
      'REQUEST_NOT_VERIFIED',
    ]);
    const unknown = (await check('never-issued')) as grpc.ServiceError;
    expect([unknown.details, codeOf(unknown)]).toEqual(['request is not found', 'REQUEST_NOT_FOUND']);
    const bad = (await check('no spaces/allowed')) as grpc.ServiceError;
    expect(bad.code).toBe(grpc.status.INVALID_ARGUMENT);

    const expired = (await waitFor('the request to expire', async () => {
      const e = (await check(created.token)) as grpc.ServiceError;
      return e.details === 'request expired' ? e : undefined;
    })) as grpc.ServiceError;
    expect(codeOf(expired)).toBe('REQUEST_EXPIRED');
    // The user is too late: the bot says so.
    fake.sendText({ id: 55, first_name: 'Late' }, `/start ${created.token}`);
    await waitFor('the error reply', () => (fake.messagesTo(55).length > 0 ? true : undefined));
    expect(fake.messagesTo(55)).toEqual(['❌ Invalid auth request. Please try clicking link again.']);

    const ok = await login(svc, fake, { id: 56, first_name: 'Quick' });
    expect(ok.user.id).toBe(`tg_${hashId('56')}`);
  });

  it('ignores a token sent from a group chat', async () => {
    const svc = await service({ TELEGRAM_ERROR_MSG: 'nope' });
    const created = await create(svc);
    fake.sendText({ id: 71, first_name: 'Member' }, `/start ${created.token}`, { id: -100123, type: 'supergroup' });
    // A later private message is answered only after the group update was handled (updates run in order).
    fake.sendText({ id: 72, first_name: 'Marker' }, '/start unknown-marker');
    await waitFor('the marker reply', () => (fake.messagesTo(72).length > 0 ? true : undefined));
    const res = await svc.login.login(loginRequest({ token: created.token }, { cookies: created.cookies }));
    expect([res.status, body(res)]).toEqual([404, { error: 'request is not verified yet' }]);
    expect(fake.messagesTo(-100123)).toEqual([]);
    expect(fake.messagesTo(71)).toEqual([]);
  });

  it('runs one poller across two instances, and the other takes over when it stops', async () => {
    const a = await service();
    const b = await service();
    const pollers = () => [a, b].filter((s) => s.running.poller?.isPolling);
    const first = await waitFor('a poller', () => (pollers().length === 1 ? pollers()[0] : undefined));
    const other = first === a ? b : a;
    // Either instance serves logins, whichever polls.
    const viaOther = await login(other, fake, { id: 81, first_name: 'Via' });
    expect(viaOther.user.name).toBe('Via');
    expect(pollers()).toEqual([first]);

    await first.running.poller!.stop();
    await waitFor('the other instance to take over', () => (other.running.poller?.isPolling ? true : undefined));
    const afterTakeover = await login(first, fake, { id: 82, first_name: 'After' });
    expect(afterTakeover.user.name).toBe('After');
    // Telegram never saw two pollers at once.
    expect(fake.callsOf('getUpdates').filter((c) => c.status === 409)).toEqual([]);
  });

  it('survives the Bot API going down and coming back, and never logs the bot token', async () => {
    const captured = capturedLog();
    fake.failNext('getUpdates', 500, `Internal Server Error at /bot${fake.token}/getUpdates`);
    const svc = await service({}, keys.prefix, captured.log);
    const created = await create(svc);
    await waitFor('a first poll', () => (fake.callsOf('getUpdates').length > 0 ? true : undefined));
    fake.setDown(true);
    const dropped = fake.dropped;
    await waitFor('polls to fail', () => (fake.dropped >= dropped + 3 ? true : undefined));
    // The user presses Start while the bot cannot reach Telegram; Telegram keeps the update.
    fake.sendText({ id: 91, first_name: 'Patient' }, `/start ${created.token}`);
    const stillDown = await svc.login.login(loginRequest({ token: created.token }, { cookies: created.cookies }));
    expect(stillDown.status).toBe(404);
    fake.setDown(false);
    await pressButton(fake, 91, 'Confirm', { id: 91, first_name: 'Patient' });
    const res = await waitFor('the login after the outage', async () => {
      const r = await svc.login.login(loginRequest({ token: created.token }, { cookies: created.cookies }));
      return r.status === 200 ? r : undefined;
    });
    expect(JSON.parse(res.userJson).name).toBe('Patient');
    const failures = captured.lines.filter((l) => l.includes('polling failed'));
    expect(failures.some((l) => l.includes('UND_ERR_SOCKET'))).toBe(true);
    expect(failures.some((l) => l.includes('/bot<redacted>/getUpdates'))).toBe(true);
    expect(captured.lines.filter((l) => l.includes(fake.token))).toEqual([]);
  });

  it('waits retry_after when Telegram answers 429, and recovers from 409 and 5xx', async () => {
    const svc = await service();
    await waitFor('a first poll', () => (fake.callsOf('getUpdates').length > 0 ? true : undefined));
    fake.failNext('getUpdates', 429, 'Too Many Requests: retry after 1', { retryAfter: 1 });
    fake.failNext('getUpdates', 502, 'Bad Gateway');
    fake.failNext('getUpdates', 409, 'Conflict: terminated by other getUpdates request');
    // Wake the held poll so the next calls meet the faults.
    fake.sendText({ id: 1, first_name: 'Wake' }, 'hello');
    const ok = await login(svc, fake, { id: 92, first_name: 'Steady' });
    expect(ok.user.name).toBe('Steady');

    const calls = fake.callsOf('getUpdates');
    const limited = calls.findIndex((c) => c.status === 429);
    expect(calls.slice(limited, limited + 3).map((c) => c.status)).toEqual([429, 502, 409]);
    // The call after the 429 came no sooner than retry_after (backoff in this test is at most 400 ms).
    expect(calls[limited + 1]!.at - calls[limited]!.at).toBeGreaterThanOrEqual(950);
  });

  it('in webhook mode registers the webhook, checks the secret token, and takes updates by callback', async () => {
    const secret = 'webhook-secret-0123456789';
    const svc = await service({
      TELEGRAM_WEBHOOK_URL: 'https://gw.example/auth/telegram/callback',
      TELEGRAM_WEBHOOK_SECRET: secret,
    });
    await waitFor('setWebhook', () => fake.webhook);
    expect(fake.webhook).toEqual({ url: 'https://gw.example/auth/telegram/callback', secretToken: secret });

    const created = await create(svc);
    const update = {
      update_id: 5000,
      message: {
        message_id: 1,
        date: 1,
        text: `/start ${created.token}`,
        from: { id: 93, first_name: 'Hook', is_bot: false },
        chat: { id: 93, type: 'private', first_name: 'Hook' },
      },
    };
    const callback = (headers: Record<string, string>, payload: unknown = update) =>
      svc.login.callback({
        ...loginRequest({}, { method: 'POST', path: '/auth/telegram/callback' }),
        headers: toPairs({ 'content-type': 'application/json', ...headers }),
        body: Buffer.from(JSON.stringify(payload)),
      });
    const forged = await callback({ 'x-telegram-bot-api-secret-token': 'webhook-secret-0123456780' });
    expect([forged.status, body(forged)]).toEqual([401, { error: 'bad webhook secret token' }]);
    expect((await callback({})).status).toBe(401);
    expect((await callback({ 'x-telegram-bot-api-secret-token': secret }, { nope: 1 })).status).toBe(400);
    const accepted = await callback({ 'x-telegram-bot-api-secret-token': secret });
    expect(accepted.status).toBe(200);
    // Telegram redelivers when it thinks a delivery failed: the copy is acknowledged and dropped.
    const redelivered = await callback({ 'x-telegram-bot-api-secret-token': secret });
    expect(redelivered.status).toBe(200);

    const notYet = await svc.login.login(loginRequest({ token: created.token }, { cookies: created.cookies }));
    expect(body(notYet)).toEqual({ error: 'request is not verified yet' });
    // The Confirm press comes the same way.
    const query = fake.chats.press({ id: 93, first_name: 'Hook' }, fake.buttonIn(93, 'Confirm')!, 'Confirm');
    const pressed = await callback(
      { 'x-telegram-bot-api-secret-token': secret },
      { update_id: 5001, callback_query: query },
    );
    expect(pressed.status).toBe(200);
    expect(fake.answerTo(query.id)).toBe('Logged in');

    const res = await svc.login.login(loginRequest({ token: created.token }, { cookies: created.cookies }));
    expect(JSON.parse(res.userJson)).toMatchObject({ name: 'Hook', id: `telegram_${hashId('93')}` });
    expect(fake.messagesTo(93)).toEqual(['✅ You have successfully authenticated, check the web!']);
    expect(fake.callsOf('getUpdates')).toEqual([]);
  });
});
