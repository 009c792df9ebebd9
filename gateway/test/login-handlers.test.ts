// Custom login handlers end to end through real processes: the telegram-bot service against a fake
// Bot API on loopback, and an application's own handler (a fixture started by the test) plugged in
// through the same login.v1 contract. Sessions are issued by the real auth service.
import { createHash, randomBytes } from 'node:crypto';
import { fromPairs, type RunningGrpcServer, startGrpcServer, toPairs, unaryHandler } from '@gatehouse/grpc-kit';
import { createLogger } from '@gatehouse/logger';
import { loadProto, type login } from '@gatehouse/proto';
import { Browser } from '@gatehouse/test-kit/browser';
import { freePort, type Stack, startStack } from '@gatehouse/test-kit/stack';
import { until } from '@gatehouse/test-kit/until';
import sharp from 'sharp';
import { FakeBotApi } from '../../services/telegram-bot/test/fake-bot-api';

const sha1 = (s: string) => createHash('sha1').update(s).digest('hex');
const log = createLogger({ name: 'fixture-handler', level: 'silent' });

/** An application's handler: logs in whoever names themselves, echoes what it was sent on callback. */
function fixtureHandler(seen: login.HttpRequest__Output[]): login.LoginHandlerHandlers {
  const json = (status: number, value: unknown): login.HttpResponse => ({
    status,
    headers: toPairs({ 'content-type': 'application/json', 'set-cookie': 'evil=1' }),
    body: Buffer.from(JSON.stringify(value)),
  });
  return {
    Login: unaryHandler(log, async (req: login.HttpRequest__Output) => {
      seen.push(req);
      const { name, foreign, id: chosen } = fromPairs(req.query);
      if (!name) return json(400, { error: 'name is required' });
      const id = chosen ?? (foreign ? `dev_${sha1(name)}` : `fixture_${sha1(name)}`);
      const user = { name, id, picture: '' };
      return { ...json(200, user), userJson: JSON.stringify(user) };
    }),
    Callback: unaryHandler(log, async (req: login.HttpRequest__Output) => {
      seen.push(req);
      const echo = json(202, {
        method: req.method,
        body: req.body.toString(),
        headers: fromPairs(req.headers),
        cookies: fromPairs(req.cookies),
      });
      // Tries every cookie it should not set, and one of its own with attributes it may not choose.
      const setCookie = (value: string) => ({ name: 'Set-Cookie', value });
      echo.headers = [
        ...(echo.headers ?? []),
        setCookie('JWT=forged; Path=/'),
        setCookie('XSRF-TOKEN=forged'),
        setCookie('gh_telegram_req=planted'),
        setCookie('gh_fixtur_x=1'),
        setCookie('gh_fixture_state=kept; Max-Age=999999; Path=/; Domain=evil.example; SameSite=None'),
        setCookie('gh_fixture_bad=a b'),
      ];
      return echo;
    }),
    Logout: unaryHandler(log, async () => ({ status: 200, headers: [], body: Buffer.from('bye') })),
  };
}

let stack: Stack;
let fake: FakeBotApi;
let fixture: RunningGrpcServer;
const seen: login.HttpRequest__Output[] = [];

beforeAll(async () => {
  fake = await new FakeBotApi().listen();
  const lh = loadProto('login');
  fixture = await startGrpcServer({
    name: 'fixture-login',
    host: '127.0.0.1',
    port: await freePort(),
    log,
    definitions: [lh.definition],
    services: [{ definition: lh.grpcObject.login.v1.LoginHandler.service, implementation: fixtureHandler(seen) }],
  });
  stack = await startStack({
    services: ['auth', 'avatar', 'telegram-bot', 'gateway'],
    env: (ports) => ({
      TELEGRAM_BOT_TOKEN: fake.token,
      TELEGRAM_API_URL: fake.url,
      TELEGRAM_POLL_TIMEOUT: '1s',
      REDIS_KEY_PREFIX: `gh-test:${randomBytes(6).toString('hex')}:`,
      AUTH_LOGIN_HANDLERS: `telegram=127.0.0.1:${ports.telegram},fixture=127.0.0.1:${fixture.port}`,
    }),
  });
}, 60_000);

afterAll(async () => {
  await stack?.stop();
  await fixture?.shutdown(100);
  await fake?.close();
});

it('lists the handlers after the OAuth2 providers', async () => {
  expect((await new Browser(stack.url).get('/auth/list')).json()).toEqual(['dev', 'telegram', 'fixture']);
});

it('logs in with Telegram: request, /start and Confirm in the bot chat, cookie and avatar', async () => {
  const photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
  fake.setPhoto(7001, photo);
  const browser = new Browser(stack.url);
  const created = await browser.get('/auth/telegram/login');
  expect(created.status).toBe(200);
  const { bot, token } = created.json() as { bot: string; token: string };
  expect(bot).toBe(fake.username);
  // The request is bound to this browser by a cookie only the telegram handler's paths see.
  expect(created.cookies).toHaveLength(1);
  expect(created.cookies[0]).toMatch(
    /^gh_telegram_req=[\w-]{43}; Max-Age=(\d+); Path=\/auth\/telegram\/; HttpOnly; SameSite=Lax$/,
  );
  expect(Number(/Max-Age=(\d+)/.exec(created.cookies[0]!)?.[1])).toBeLessThanOrEqual(3600);

  const pending = await browser.get(`/auth/telegram/login?token=${token}`);
  expect([pending.status, pending.json()]).toEqual([404, { error: 'request is not verified yet' }]);

  fake.sendText({ id: 7001, first_name: 'Tess' }, `/start ${token}`);
  // /start only asks (issue 16, part 3): the prompt names the site (the AUTH_URL host) and has the buttons.
  const prompt = await until(async () => fake.buttonIn(7001, 'Confirm'), {
    what: 'the prompt',
    ms: 15_000,
    everyMs: 200,
  });
  expect(prompt.text.split('\n')[0]).toBe(`Log in to ${new URL(stack.url).host}?`);
  const asked = await browser.get(`/auth/telegram/login?token=${token}`);
  expect([asked.status, asked.json()]).toEqual([404, { error: 'request is not verified yet' }]);
  const press = fake.press({ id: 7001, first_name: 'Tess' }, prompt, 'Confirm');
  await until(async () => fake.answerTo(press), { what: 'the confirmation', ms: 15_000, everyMs: 200 });
  // Whoever else holds the token (an attacker who sent the link, anyone who saw it) gets nothing, and
  // does not spoil the login of the browser that asked.
  const stranger = new Browser(stack.url);
  await stranger.get('/auth/telegram/login'); // a cookie of its own, for its own request
  for (const poller of [stranger, new Browser(stack.url)]) {
    const stolen = await poller.get(`/auth/telegram/login?token=${token}`);
    expect([stolen.status, stolen.json()]).toEqual([404, { error: 'request is not found' }]);
    expect(stolen.cookies).toEqual([]);
    expect((await poller.getWithXsrf('/auth/user')).status).toBe(401);
  }
  const done = await until(
    async () => {
      const res = await browser.get(`/auth/telegram/login?token=${token}`);
      return res.status === 200 ? res : undefined;
    },
    { what: 'the login', ms: 15_000, everyMs: 200 },
  );
  const id = `telegram_${sha1('7001')}`;
  expect(done.json()).toEqual({ name: 'Tess', id, picture: `${stack.url}/avatar/${sha1(id)}.image` });
  expect(done.cookies.map((c) => c.split('=')[0])).toEqual(['gh_telegram_req', 'JWT', 'XSRF-TOKEN']);
  expect(done.cookies[0]).toMatch(
    /^gh_telegram_req=; Max-Age=0; Path=\/auth\/telegram\/; Expires=[^;]+; HttpOnly; SameSite=Lax$/,
  );
  expect((await browser.getWithXsrf('/auth/user')).json()).toMatchObject({ name: 'Tess', id });
  expect(fake.messagesTo(7001)).toHaveLength(1);

  const avatar = await browser.get(`/avatar/${sha1(id)}.image`);
  expect(avatar.status).toBe(200);
  expect(await sharp(avatar.body).metadata()).toMatchObject({ format: 'png', width: 64, height: 64 });

  const again = await new Browser(stack.url).get(`/auth/telegram/login?token=${token}`);
  expect([again.status, again.json()]).toEqual([404, { error: 'request is not found' }]);
  expect(stack.output('telegram-bot')).not.toContain(fake.token);

  expect((await browser.get('/auth/telegram/logout')).status).toBe(403);
  expect((await browser.getWithXsrf('/auth/telegram/logout')).status).toBe(200);
  expect((await browser.getWithXsrf('/auth/user')).status).toBe(401);
});

it('plugs in an application handler without showing it the session', async () => {
  const browser = new Browser(stack.url);
  const bad = await browser.get('/auth/fixture/login');
  expect([bad.status, bad.json()]).toEqual([400, { error: 'name is required' }]);
  expect(bad.cookies).toEqual([]);
  // A login flow's answers are the user's alone: never cached, whatever the handler says.
  expect(bad.headers.get('cache-control')).toBe('no-store');

  const ok = await browser.get('/auth/fixture/login?name=zed&session=1');
  const id = `fixture_${sha1('zed')}`;
  expect(ok.json()).toEqual({ name: 'zed', id, picture: `${stack.url}/avatar/${sha1(id)}.image` });
  expect(ok.cookies[0]).not.toMatch(/Max-Age/);
  expect((await browser.getWithXsrf('/auth/user')).json()).toMatchObject({ name: 'zed', id });

  const cb = await browser.request('POST', '/auth/fixture/callback?x=1', {
    headers: { 'content-type': 'text/plain', 'x-xsrf-token': await browser.xsrf(), 'x-custom': 'kept' },
    body: 'payload',
  });
  expect(cb.status).toBe(202);
  expect(cb.headers.get('cache-control')).toBe('no-store');
  // Of what the handler tried to set, only its own cookie, with the gateway's attributes.
  expect(cb.cookies).toEqual(['gh_fixture_state=kept; Max-Age=3600; Path=/auth/fixture/; HttpOnly; SameSite=Lax']);
  expect(await browser.cookie('JWT')).not.toBe('forged');
  const echoed = cb.json() as {
    method: string;
    body: string;
    headers: Record<string, string>;
    cookies: Record<string, string>;
  };
  expect(echoed).toMatchObject({ method: 'POST', body: 'payload' });
  expect(echoed.headers['x-custom']).toBe('kept');
  expect(echoed.headers).not.toHaveProperty('cookie');
  expect(echoed.headers).not.toHaveProperty('x-xsrf-token');
  expect(fromPairs(seen.at(-1)?.query)).toEqual({ x: '1' });
  // The session cookies went along (the XSRF check needs them) but the handler saw none of them.
  expect(echoed.cookies).toEqual({});

  // Next time it gets its own cookie back, and nothing else: not the session, not another handler's.
  const withCookies = await browser.request('POST', '/auth/fixture/callback', {
    headers: {
      'x-xsrf-token': await browser.xsrf(),
      cookie: `${await browser.jar.getCookieString(`${stack.url}/auth/fixture/callback`)}; gh_telegram_req=theirs; other=1`,
    },
  });
  expect((withCookies.json() as { cookies: unknown }).cookies).toEqual({ gh_fixture_state: 'kept' });
  expect(await browser.jar.getCookieString(`${stack.url}/auth/telegram/login`)).not.toContain('gh_fixture_state');

  const tooBig = await browser.request('POST', '/auth/fixture/callback', { body: 'x'.repeat(1024 * 1024 + 10) });
  expect(tooBig.status).toBe(413);
  expect((await browser.request('PUT', '/auth/fixture/login')).status).toBe(405);
});

it('refuses a handler that vouches for another provider user', async () => {
  const res = await new Browser(stack.url).get('/auth/fixture/login?name=mallory&foreign=1');
  expect(res.status).toBe(403);
  expect(res.json()).toEqual({ error: 'user id must be "fixture_" and 40 lower-case hex characters' });
  expect(res.cookies).toEqual([]);
});

it('refuses a handler id that is not exactly <provider>_<40 hex>: fixture may not mint ids of a handler named fixture_x', async () => {
  for (const id of [
    `fixture_x_${sha1('eve')}`,
    'fixture_eve',
    `fixture_${sha1('eve').toUpperCase()}`,
    `fixture_${sha1('eve')}0`,
  ]) {
    const res = await new Browser(stack.url).get(`/auth/fixture/login?name=eve&id=${encodeURIComponent(id)}`);
    expect([id, res.status]).toEqual([id, 403]);
    expect(res.cookies).toEqual([]);
  }
});
