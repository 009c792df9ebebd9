// The Koa middleware against a real Koa server on loopback, with tokens signed by the same TokenService
// the auth service uses.

import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RedisRateLimiter } from '@gatehouse/redis';
import { type Claims, configSecretReader, TokenService } from '@gatehouse/token';
import { Redis } from 'ioredis';
import Koa from 'koa';
import { createAuth, getUserInfo, type KoaAuth, mustGetUserInfo } from './index';

const SECRET = 's'.repeat(40);
let now = Date.now();
const tokens = new TokenService({
  issuer: 'gatehouse',
  tokenDurationMs: 15 * 60_000,
  cookieDurationMs: 24 * 3600_000,
  audiences: [],
  secrets: configSecretReader(SECRET, { other: 'o'.repeat(40) }),
  now: () => now,
});

async function issue(user: Partial<Claims['user']> & { name: string }, aud = 'site') {
  return tokens.issueSession({
    user: { id: `app_${user.name}`, picture: '', ...user },
    aud,
    provider: 'app',
    sessionOnly: false,
  });
}

function app(auth: KoaAuth): Koa {
  const koa = new Koa();
  const routes: Record<string, Koa.Middleware[]> = {
    '/user': [auth.auth],
    '/admin': [auth.admin],
    '/staff': [auth.rbac('staff', 'ops')],
    '/trace': [auth.trace],
    '/profile': [auth.auth, auth.updateUser(async (u) => ({ ...u, email: `${u.name}@app.test` }))],
    '/must': [auth.trace],
  };
  koa.use(async (ctx, next) => {
    const chain = routes[ctx.path];
    if (!chain) return next();
    let i = 0;
    const run = async (): Promise<void> => {
      const mw = chain[i++];
      if (mw) return mw(ctx, run) as Promise<void>;
      if (ctx.path === '/must') {
        try {
          ctx.body = { user: mustGetUserInfo(ctx) };
        } catch (err) {
          ctx.status = 500;
          ctx.body = { error: (err as Error).message };
        }
        return;
      }
      const { user, error } = getUserInfo(ctx);
      ctx.body = { user: user ?? null, error: error?.message ?? null };
    };
    await run();
  });
  return koa;
}

const servers: Server[] = [];
async function listen(auth: KoaAuth): Promise<string> {
  const server = app(auth).listen(0, '127.0.0.1');
  servers.push(server);
  await new Promise((r) => server.once('listening', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

afterAll(async () => {
  for (const s of servers) await new Promise((r) => s.close(r));
});

const blocked = new Set(['mal']);
let base: string;
beforeAll(async () => {
  base = await listen(
    createAuth({
      secrets: configSecretReader(SECRET, { other: 'o'.repeat(40) }),
      audiences: ['site', 'other'],
      adminPasswd: 'admin-password-12',
      validator: (_token, claims) => !blocked.has(claims.user?.name ?? ''),
    }),
  );
});

async function get(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}${path}`, { headers });
  return {
    status: res.status,
    body: (await res.json()) as { user: Record<string, unknown> | null; error: string | null },
  };
}

const basic = (user: string, password: string) => ({
  authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`,
});

describe('auth', () => {
  it('accepts cookie+XSRF, X-JWT and ?token=; refuses a cookie without its XSRF header', async () => {
    const t = await issue({ name: 'ann' });
    const cookie = { cookie: `JWT=${t.token}; XSRF-TOKEN=${t.jti}` };
    expect(await get('/user', { ...cookie, 'x-xsrf-token': t.jti })).toMatchObject({
      status: 200,
      body: { user: { name: 'ann', id: 'app_ann', aud: 'site' }, error: null },
    });
    expect(await get('/user', cookie)).toEqual({ status: 401, body: { error: 'xsrf mismatch' } });
    expect((await get('/user', { 'x-jwt': t.token })).status).toBe(200);
    expect((await get(`/user?token=${t.token}`)).status).toBe(200);
    expect(await get('/user')).toEqual({ status: 401, body: { error: 'token cookie was not presented' } });
  });

  it('refuses expired, forged, foreign-audience and blocked tokens', async () => {
    // Issued 16 minutes ago: its 15 minutes are over.
    now -= 16 * 60_000;
    const old = await issue({ name: 'ann' });
    now += 16 * 60_000;
    expect(await get('/user', { 'x-jwt': old.token })).toEqual({ status: 401, body: { error: 'token expired' } });
    const t = await issue({ name: 'ann' });
    expect((await get('/user', { 'x-jwt': `${t.token.slice(0, -3)}abc` })).status).toBe(401);
    const foreign = await issue({ name: 'ann' }, 'elsewhere');
    expect(await get('/user', { 'x-jwt': foreign.token })).toEqual({
      status: 401,
      body: { error: 'aud "elsewhere" not allowed' },
    });
    const other = await issue({ name: 'ann' }, 'other'); // its own secret
    expect((await get('/user', { 'x-jwt': other.token })).status).toBe(200);
    const mal = await issue({ name: 'mal' });
    expect(await get('/user', { 'x-jwt': mal.token })).toEqual({ status: 401, body: { error: 'token is not valid' } });
  });

  it('accepts basic auth for admin with the admin password only', async () => {
    expect(await get('/user', basic('admin', 'admin-password-12'))).toMatchObject({
      status: 200,
      body: { user: { id: 'admin', attrs: { admin: true } } },
    });
    expect((await get('/user', basic('admin', 'wrong'))).status).toBe(401);
  });
});

describe('admin, rbac, trace, updateUser and the accessors', () => {
  it('admin: 401 anonymous, 403 for a user, 200 for an admin token or basic admin', async () => {
    expect((await get('/admin')).status).toBe(401);
    const ann = await issue({ name: 'ann' });
    expect(await get('/admin', { 'x-jwt': ann.token })).toEqual({ status: 403, body: { error: 'access denied' } });
    const boss = await issue({ name: 'boss', attrs: { admin: true } });
    expect((await get('/admin', { 'x-jwt': boss.token })).status).toBe(200);
    expect((await get('/admin', basic('admin', 'admin-password-12'))).status).toBe(200);
  });

  it('rbac: any listed role, case-insensitive; 403 otherwise', async () => {
    const stan = await issue({ name: 'stan', role: 'Staff' });
    expect((await get('/staff', { 'x-jwt': stan.token })).status).toBe(200);
    const ann = await issue({ name: 'ann', role: 'guest' });
    expect((await get('/staff', { 'x-jwt': ann.token })).status).toBe(403);
    expect((await get('/staff')).status).toBe(401);
  });

  it('trace: passes everyone; the accessors give the user or an error', async () => {
    expect(await get('/trace')).toEqual({ status: 200, body: { user: null, error: 'no info about user' } });
    const ann = await issue({ name: 'ann' });
    expect(await get('/trace', { 'x-jwt': ann.token })).toMatchObject({ body: { user: { name: 'ann' }, error: null } });
    expect(await get('/must')).toEqual({ status: 500, body: { error: 'no info about user' } });
    expect((await get('/must', { 'x-jwt': ann.token })).body.user).toMatchObject({ name: 'ann' });
  });

  it('updateUser: the handler sees the updated user', async () => {
    const ann = await issue({ name: 'ann' });
    expect((await get('/profile', { 'x-jwt': ann.token })).body.user).toMatchObject({ email: 'ann@app.test' });
  });
});

it('with a basic-auth checker, the checker decides and the admin password is ignored', async () => {
  const url = await listen(
    createAuth({
      secret: SECRET,
      adminPasswd: 'admin-password-12',
      basicAuthChecker: (user, password) =>
        user === 'bot' && password === 'bot-pw' ? { name: 'bot', id: 'app_bot', picture: '', role: 'ops' } : null,
    }),
  );
  const res = await fetch(`${url}/staff`, { headers: basic('bot', 'bot-pw') });
  expect([res.status, ((await res.json()) as { user: unknown }).user]).toEqual([
    200,
    { name: 'bot', id: 'app_bot', picture: '', role: 'ops' },
  ]);
  expect((await fetch(`${url}/user`, { headers: basic('admin', 'admin-password-12') })).status).toBe(401);
});

describe('the admin password (issue 25, item 10)', () => {
  it('is refused when shorter than 12 characters', () => {
    expect(() => createAuth({ secret: SECRET, adminPasswd: 'admin-pw' })).toThrow(/at least 12 characters/);
  });

  it('limits failures per client with 429 and Retry-After, even for the right password then', async () => {
    const url = await listen(createAuth({ secret: SECRET, adminPasswd: 'admin-password-12' }));
    for (let i = 0; i < 10; i++) {
      expect((await fetch(`${url}/user`, { headers: basic('admin', `wrong-${i}`) })).status).toBe(401);
    }
    const limited = await fetch(`${url}/user`, { headers: basic('admin', 'admin-password-12') });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await limited.json()).toEqual({ error: 'too many failed attempts, try again later' });
  });

  it('shares the counts between application replicas through a Redis limiter', async () => {
    const redis = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
    const prefix = `gh-test:koa-auth:${randomBytes(4).toString('hex')}:`;
    try {
      const replica = () =>
        listen(
          createAuth({
            secret: SECRET,
            adminPasswd: 'admin-password-12',
            attemptLimiter: new RedisRateLimiter(redis, prefix),
          }),
        );
      const [one, two] = [await replica(), await replica()];
      for (let i = 0; i < 5; i++) {
        expect((await fetch(`${one}/user`, { headers: basic('admin', `a-${i}`) })).status).toBe(401);
        expect((await fetch(`${two}/user`, { headers: basic('admin', `b-${i}`) })).status).toBe(401);
      }
      expect((await fetch(`${one}/user`, { headers: basic('admin', 'again') })).status).toBe(429);
    } finally {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
    }
  });
});
