import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClient, fromPairs, startGrpcServer, toPairs, unaryHandler } from '@gatehouse/grpc-kit';
import { createLogger } from '@gatehouse/logger';
import { type auth, loadProto, type login } from '@gatehouse/proto';
import { configSecretReader, hashId, TokenService, type User } from '@gatehouse/token';
import { FakeBotApi } from '../../services/telegram-bot/test/fake-bot-api';
import {
  redisPrefix,
  startService,
  startTestAvatarService,
  TINY_PNG,
  testConfig,
  waitFor,
} from '../../services/telegram-bot/test/helpers';
import { buildApp } from '../src/app';
import { Authenticator } from '../src/auth/authenticator';
import { TokenVerifier } from '../src/auth/verifier';
import { authRoutes } from '../src/routes/auth.routes';
import { type IssueSession, type LoginHandlerClient, loginHandlerRoutes } from '../src/routes/login-handler.routes';

// The custom login-handler routes in the gateway app: the Telegram bot service (against the fake Bot
// API, real Redis, real avatar service) and a second handler written here as a fixture, both through
// login.v1. The session is signed by the real TokenService and checked by the gateway's real
// Authenticator on /auth/user.
//
// issueSession stands in for the auth service's RPC, which does not exist yet: it does what that RPC
// must do (sign with TokenService, turn an avatar id into the avatar URL). When the lead adds the RPC,
// this test should take the gateway's own implementation instead.
const SECRET = 'gateway-login-handler-test-secret-0123456789';
const BASE_URL = 'http://gatehouse.test';
const log = createLogger({ name: 'gateway-test', level: 'silent' });

/** A second login handler: logs in whoever names themselves; echoes what it was sent on callback. */
function fixtureHandlers(seen: login.HttpRequest__Output[]): login.LoginHandlerHandlers {
  const json = (status: number, value: unknown): login.HttpResponse => ({
    status,
    headers: toPairs({ 'content-type': 'application/json', 'set-cookie': 'evil=1' }),
    body: Buffer.from(JSON.stringify(value)),
  });
  return {
    Login: unaryHandler(log, async (req: login.HttpRequest__Output) => {
      seen.push(req);
      const name = fromPairs(req.query).name;
      if (!name) return json(400, { error: 'name is required' });
      const user: User = { name, id: `fixture_${hashId(name)}`, picture: '' };
      return { ...json(200, user), userJson: JSON.stringify(user) };
    }),
    Callback: unaryHandler(log, async (req: login.HttpRequest__Output) => {
      seen.push(req);
      return json(202, { method: req.method, body: req.body.toString(), headers: fromPairs(req.headers) });
    }),
    Logout: unaryHandler(log, async (req: login.HttpRequest__Output) => {
      seen.push(req);
      return { status: 200, headers: [], body: Buffer.from('bye') };
    }),
  };
}

interface Response {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: response bodies are read field by field in the assertions
  json: () => any;
}

function request(
  base: string,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
) {
  return new Promise<Response>((resolve, reject) => {
    const req = http.request(`${base}${path}`, { method: init.method ?? 'GET', headers: init.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: () => JSON.parse(text) });
      });
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

function cookiesOf(res: Response): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of res.headers['set-cookie'] ?? []) {
    const [pair] = line.split(';');
    const at = pair!.indexOf('=');
    out[pair!.slice(0, at)] = pair!.slice(at + 1);
  }
  return out;
}

describe('gateway custom login-handler routes', () => {
  let fake: FakeBotApi;
  let keys: ReturnType<typeof redisPrefix>;
  let avatars: Awaited<ReturnType<typeof startTestAvatarService>>;
  let telegram: Awaited<ReturnType<typeof startService>>;
  let fixture: Awaited<ReturnType<typeof startGrpcServer>>;
  let server: http.Server;
  let base: string;
  const closers: (() => void)[] = [];
  const seen: login.HttpRequest__Output[] = [];
  const issued: { provider: string; site: string; sessionOnly: boolean }[] = [];

  beforeAll(async () => {
    fake = await new FakeBotApi().listen();
    keys = redisPrefix('gw');
    avatars = await startTestAvatarService();
    telegram = await startService(testConfig(fake, keys.prefix, { AVATAR_GRPC_ADDR: `127.0.0.1:${avatars.port}` }));
    const lh = loadProto('login');
    fixture = await startGrpcServer({
      name: 'fixture-login',
      host: '127.0.0.1',
      port: 0,
      log,
      definitions: [lh.definition],
      services: [{ definition: lh.grpcObject.login.v1.LoginHandler.service, implementation: fixtureHandlers(seen) }],
    });
    const handlerClient = (port: number): LoginHandlerClient => {
      const c = createClient(lh.grpcObject.login.v1.LoginHandler, `127.0.0.1:${port}`);
      closers.push(() => c.close());
      return c.call;
    };

    const secrets = configSecretReader(SECRET, {});
    const tokens = new TokenService({
      issuer: 'gatehouse',
      tokenDurationMs: 15 * 60_000,
      cookieDurationMs: 24 * 3600_000,
      audiences: [],
      secrets,
    });
    const issueSession: IssueSession = async (provider, userJson, { site, sessionOnly }) => {
      issued.push({ provider, site, sessionOnly });
      const user = JSON.parse(userJson) as User;
      if (/^[0-9a-f]{40}\.image$/.test(user.picture)) user.picture = `${BASE_URL}/avatar/${user.picture}`;
      const s = await tokens.issueSession({ user, aud: site || 'gatehouse', provider, sessionOnly });
      return { session: s, userJson: JSON.stringify(s.claims.user) };
    };
    const authenticator = new Authenticator({
      verifier: new TokenVerifier(secrets, []),
      refresh: () => Promise.reject(new Error('no refresh in this test')),
      adminPassword: undefined,
      log,
    });
    const cookies = { sameSite: 'lax' as const, secure: false };
    // The auth service is not needed by the routes exercised here; its client points nowhere.
    const authClient = createClient<auth.AuthServiceClient>(
      loadProto('auth').grpcObject.auth.v1.AuthService,
      '127.0.0.1:1',
    );
    closers.push(() => authClient.close());
    const app = buildApp({
      log,
      trustedProxies: 0,
      routers: [
        loginHandlerRoutes({
          handlers: { telegram: handlerClient(telegram.running.port), fixture: handlerClient(fixture.port) },
          issueSession,
          authenticator,
          cookies,
          log,
          maxBodyBytes: 1024,
        }),
        authRoutes({ auth: authClient.call, authenticator, cookies }),
      ],
    });
    server = http.createServer(app.callback());
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise<void>((r) => server.close(() => r()));
    for (const close of closers) close();
    await fixture.shutdown();
    await telegram.stop();
    await avatars.stop();
    await fake.close();
    await keys.cleanup();
  });

  it('logs in with Telegram: link, /start, session cookie, avatar, single use, logout', async () => {
    fake.setPhoto(1234, TINY_PNG);
    const started = await request(base, '/auth/telegram/login');
    expect(started.status).toBe(200);
    expect(started.headers['content-security-policy']).toContain("default-src 'none'");
    const { token, bot } = started.json() as { token: string; bot: string };
    expect(bot).toBe('gatehouse_test_bot');

    const pending = await request(base, `/auth/telegram/login?token=${token}`);
    expect([pending.status, pending.json()]).toEqual([404, { error: 'request is not verified yet' }]);
    expect(pending.headers['set-cookie']).toBeUndefined();

    fake.sendText({ id: 1234, first_name: 'Linus' }, `/start ${token}`);
    const done = await waitFor('the confirmed login', async () => {
      const r = await request(base, `/auth/telegram/login?token=${token}&site=my-app&session=1`);
      return r.status === 200 ? r : undefined;
    });
    const id = `telegram_${hashId('1234')}`;
    const expectedUser = { name: 'Linus', id, picture: `${BASE_URL}/avatar/${hashId(id)}.image` };
    expect(done.json()).toEqual(expectedUser);
    expect(issued.at(-1)).toEqual({ provider: 'telegram', site: 'my-app', sessionOnly: true });
    const jar = cookiesOf(done);
    expect(Object.keys(jar)).toEqual(['JWT', 'XSRF-TOKEN']);
    expect(done.headers['set-cookie']!.find((c) => c.startsWith('JWT='))).toMatch(/HttpOnly/);

    const session = { cookie: `JWT=${jar.JWT}; XSRF-TOKEN=${jar['XSRF-TOKEN']}`, 'x-xsrf-token': jar['XSRF-TOKEN']! };
    const me = await request(base, '/auth/user', { headers: session });
    expect(me.status).toBe(200);
    expect(me.json()).toMatchObject({ ...expectedUser, aud: 'my-app' });

    const reused = await request(base, `/auth/telegram/login?token=${token}`);
    expect([reused.status, reused.json()]).toEqual([404, { error: 'request is not found' }]);

    const forgedLogout = await request(base, '/auth/telegram/logout', { headers: { cookie: session.cookie } });
    expect(forgedLogout.status).toBe(403);
    const logout = await request(base, '/auth/telegram/logout', { headers: session });
    expect(logout.status).toBe(200);
    expect(cookiesOf(logout)).toEqual({ JWT: '', 'XSRF-TOKEN': '' });
  });

  it('plugs in a second handler through the same contract, without leaking the session to it', async () => {
    const bad = await request(base, '/auth/fixture/login');
    expect([bad.status, bad.json()]).toEqual([400, { error: 'name is required' }]);
    expect(bad.headers['set-cookie']).toBeUndefined();

    const ok = await request(base, '/auth/fixture/login?name=alice');
    expect(ok.json()).toEqual({ name: 'alice', id: `fixture_${hashId('alice')}`, picture: '' });
    const jar = cookiesOf(ok);
    expect(Object.keys(jar)).toEqual(['JWT', 'XSRF-TOKEN']);
    expect(issued.at(-1)).toEqual({ provider: 'fixture', site: '', sessionOnly: false });

    const cb = await request(base, '/auth/fixture/callback?x=1', {
      method: 'POST',
      headers: {
        'content-type': 'text/plain',
        cookie: `JWT=${jar.JWT}`,
        'x-xsrf-token': jar['XSRF-TOKEN']!,
        'x-custom': 'kept',
      },
      body: 'payload',
    });
    expect(cb.status).toBe(202);
    expect(cb.headers['set-cookie']).toBeUndefined();
    const echoed = cb.json();
    expect(echoed).toMatchObject({ method: 'POST', body: 'payload' });
    expect(echoed.headers['x-custom']).toBe('kept');
    expect(echoed.headers).not.toHaveProperty('cookie');
    expect(echoed.headers).not.toHaveProperty('x-xsrf-token');
    const last = seen.at(-1)!;
    expect([last.path, fromPairs(last.query), last.provider, last.clientIp]).toEqual([
      '/auth/fixture/callback',
      { x: '1' },
      'fixture',
      '127.0.0.1',
    ]);

    const tooBig = await request(base, '/auth/fixture/callback', { method: 'POST', body: 'x'.repeat(2048) });
    expect([tooBig.status, tooBig.json()]).toEqual([413, { error: 'request body is over 1024 bytes' }]);
    expect((await request(base, '/auth/fixture/login', { method: 'PUT' })).status).toBe(405);
  });
});
