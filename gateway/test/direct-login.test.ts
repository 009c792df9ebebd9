// Direct login end to end through real processes: the gateway routes /auth/<name>/login of each direct
// provider to the auth service's LoginHandler, which checks the credentials with a bcrypt htpasswd file
// or with the application's CheckCredentials hook (a hooks server built with the SDK, as an application
// would). Abuse limits use the real Redis, under a key prefix of this file's own.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type RunningHooks, serveHooks } from '@gatehouse/hooks-sdk';
import { createLogger } from '@gatehouse/logger';
import { Browser } from '@gatehouse/test-kit/browser';
import { type Stack, startStack } from '@gatehouse/test-kit/stack';
import bcrypt from 'bcryptjs';
import { Redis } from 'ioredis';

const sha1 = (s: string) => createHash('sha1').update(s).digest('hex');
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `gh-test-direct:${randomBytes(6).toString('hex')}:`;

let stack: Stack;
let hooks: RunningHooks;
let dir: string;
const hookCalls: { user: string; password: string; provider: string }[] = [];

// Each test speaks from its own client address (one trusted proxy appends X-Forwarded-For), so the
// per-address limit of one test never spills into another.
let nextIp = 1;
const fromIp = () => ({ 'x-forwarded-for': `10.1.0.${nextIp++}` });

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'gh-direct-'));
  const htpasswd = path.join(dir, 'users.htpasswd');
  // `htpasswd -B` writes $2y$ hashes; bcryptjs writes $2b$: both are accepted.
  const apache = bcrypt.hashSync('apache-pw', 4).replace(/^\$2b\$/, '$2y$');
  writeFileSync(
    htpasswd,
    `# users\nalice:${bcrypt.hashSync('alice-pw', 4)}\nbob:${apache}\ndave:${bcrypt.hashSync('dave-pw', 4)}\n`,
  );

  // The application's hooks server: its own user list, a slow user and a broken lookup.
  hooks = await serveHooks(
    {
      async checkCredentials(user, password, provider) {
        hookCalls.push({ user, password, provider });
        if (user === 'slow') await new Promise((r) => setTimeout(r, 1500));
        if (user === 'broken') throw new Error('user database is down');
        return user === 'carol' && password === 'carol-pw';
      },
    },
    { port: 0, log: createLogger({ name: 'app-hooks', level: 'silent' }) },
  );
  const config = path.join(dir, 'auth.json');
  writeFileSync(
    config,
    JSON.stringify({
      direct: [
        { name: 'local', htpasswd },
        { name: 'app', hook: true },
      ],
    }),
  );
  stack = await startStack({
    services: ['auth', 'avatar', 'gateway'],
    env: {
      AUTH_CONFIG: config,
      AUTH_HOOKS_ADDR: `127.0.0.1:${hooks.port}`,
      AUTH_HOOKS: 'check-credentials',
      AUTH_HOOKS_TIMEOUT: '1s',
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: prefix,
      GATEWAY_TRUSTED_PROXIES: '1',
      AUTH_LIMIT_DIRECT_USER: '3/1h',
      AUTH_LIMIT_DIRECT_IP: '4/1h',
      AUTH_LIMIT_DIRECT_USER_ALL: '8/1h',
    },
  });
}, 60_000);

afterAll(async () => {
  await stack?.stop();
  await hooks?.close();
  rmSync(dir, { recursive: true, force: true });
  const redis = new Redis(redisUrl);
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
});

const form = (fields: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded', ...fromIp() },
  body: new URLSearchParams(fields).toString(),
});
const json = (body: unknown) => ({
  headers: { 'content-type': 'application/json', ...fromIp() },
  body: JSON.stringify(body),
});

it('lists the direct providers', async () => {
  expect((await new Browser(stack.url).get('/auth/list')).json()).toEqual(['dev', 'local', 'app']);
});

it('logs in with a form post against the htpasswd file, with the go-pkgz id and a working session', async () => {
  const browser = new Browser(stack.url);
  const res = await browser.request('POST', '/auth/local/login', form({ user: 'alice', passwd: 'alice-pw' }));
  expect(res.status).toBe(200);
  const id = `local_${sha1('alice')}`;
  expect(res.json()).toEqual({ name: 'alice', id, picture: `${stack.url}/avatar/${sha1(id)}.image` });
  expect(res.cookies.map((c) => c.split('=')[0])).toEqual(['JWT', 'XSRF-TOKEN']);
  expect(res.cookies[0]).toMatch(/Max-Age=\d+/);
  expect((await browser.getWithXsrf('/auth/user')).json()).toMatchObject({ name: 'alice', id });
});

it('logs out through the provider: cookies cleared, only with the XSRF header', async () => {
  const browser = new Browser(stack.url);
  await browser.request('POST', '/auth/local/login', form({ user: 'alice', passwd: 'alice-pw' }));
  expect((await browser.get('/auth/local/logout')).status).toBe(403);
  const out = await browser.getWithXsrf('/auth/local/logout');
  expect(out.status).toBe(200);
  expect(out.cookies.map((c) => c.split(';')[0])).toEqual(['JWT=', 'XSRF-TOKEN=']);
  expect((await browser.getWithXsrf('/auth/user')).status).toBe(401);
});

it('logs in with JSON ($2y$ hash), with aud from the body and session=1 as a session cookie', async () => {
  const browser = new Browser(stack.url);
  const res = await browser.request(
    'POST',
    '/auth/local/login?session=1',
    json({ user: 'bob', passwd: 'apache-pw', aud: 'site-b' }),
  );
  expect(res.status).toBe(200);
  expect(res.cookies[0]).not.toMatch(/Max-Age/);
  expect((await browser.getWithXsrf('/auth/user')).json()).toMatchObject({ name: 'bob', aud: 'site-b' });
});

it('logs in with the query of a GET', async () => {
  const res = await new Browser(stack.url).get('/auth/local/login?user=alice&passwd=alice-pw&aud=q-site', fromIp());
  expect(res.status).toBe(200);
  expect(res.json()).toMatchObject({ name: 'alice' });
});

it('refuses a wrong password or an unknown user with 403, as go-pkgz words it', async () => {
  for (const fields of [
    { user: 'alice', passwd: 'nope' },
    { user: 'mallory', passwd: 'alice-pw' },
  ]) {
    const res = await new Browser(stack.url).request('POST', '/auth/local/login', form(fields));
    expect([res.status, res.json()]).toEqual([403, { error: 'incorrect user or password' }]);
    expect(res.cookies).toEqual([]);
  }
});

it('logs in through the application hook, and refuses what the hook refuses', async () => {
  hookCalls.length = 0;
  const ok = await new Browser(stack.url).request(
    'POST',
    '/auth/app/login',
    json({ user: 'carol', passwd: 'carol-pw' }),
  );
  expect([ok.status, ok.json()]).toMatchObject([200, { name: 'carol', id: `app_${sha1('carol')}` }]);
  const bad = await new Browser(stack.url).request('POST', '/auth/app/login', json({ user: 'carol', passwd: 'x' }));
  expect(bad.status).toBe(403);
  expect(hookCalls).toEqual([
    { user: 'carol', password: 'carol-pw', provider: 'app' },
    { user: 'carol', password: 'x', provider: 'app' },
  ]);
});

it('answers 500 when the hook errors or times out, and never logs in', async () => {
  for (const user of ['broken', 'slow']) {
    const res = await new Browser(stack.url).request('POST', '/auth/app/login', json({ user, passwd: 'pw' }));
    expect([res.status, res.json()]).toEqual([500, { error: 'failed to check user credentials' }]);
    expect(res.cookies).toEqual([]);
  }
});

it('answers 400 to a malformed body, 413 to an oversized one, and neither reaches the hook', async () => {
  hookCalls.length = 0;
  const browser = new Browser(stack.url);
  const bad = [
    { headers: { 'content-type': 'application/json', ...fromIp() }, body: '{"user": "carol", ' },
    { headers: { 'content-type': 'application/json', ...fromIp() }, body: '{"user": 1, "passwd": "carol-pw"}' },
    { headers: { 'content-type': 'text/xml', ...fromIp() }, body: '<user>carol</user>' },
  ];
  for (const init of bad) {
    const res = await browser.request('POST', '/auth/app/login', init);
    expect([res.status, res.json()]).toEqual([400, { error: 'failed to parse credentials' }]);
  }
  const huge = await browser.request('POST', '/auth/app/login', {
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...fromIp() },
    body: `user=carol&passwd=carol-pw&pad=${'x'.repeat(1024 * 1024)}`,
  });
  expect(huge.status).toBe(413);
  expect(hookCalls).toEqual([]);
});

describe('abuse limits', () => {
  it('counts attempts per user and address: over the limit 429 with Retry-After; others still log in', async () => {
    const attempt = (passwd: string, ip: string) =>
      new Browser(stack.url).request('POST', '/auth/local/login', {
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': ip },
        body: new URLSearchParams({ user: 'dave', passwd }).toString(),
      });
    const guesser = '10.2.0.1';
    for (let i = 0; i < 3; i++) expect((await attempt(`wrong-${i}`, guesser)).status).toBe(403);
    const limited = await attempt('dave-pw', guesser);
    expect([limited.status, limited.json()]).toEqual([429, { error: 'too many login attempts' }]);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(3000);
    // The guesser cannot lock dave out: from his own address he still logs in.
    expect((await attempt('wrong-mine', '10.2.0.2')).status).toBe(403);
    expect((await attempt('dave-pw', '10.2.0.2')).status).toBe(200);
  });

  it('slows guessing from many addresses down with the all-addresses window', async () => {
    const attempt = (ip: string) =>
      new Browser(stack.url).request('POST', '/auth/local/login', {
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': ip },
        body: new URLSearchParams({ user: 'erin', passwd: 'wrong' }).toString(),
      });
    for (let i = 0; i < 8; i++) expect((await attempt(`10.3.0.${i}`)).status).toBe(403);
    expect((await attempt('10.3.0.99')).status).toBe(429);
  });

  it('counts attempts per client address behind one trusted proxy, ignoring what the client adds', async () => {
    hookCalls.length = 0;
    // The client forges the left-most X-Forwarded-For entry; the proxy appends the real address.
    const attempt = (forged: string, real: string) =>
      new Browser(stack.url).request('POST', '/auth/app/login', {
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `${forged}, ${real}` },
        body: JSON.stringify({ user: `u-${forged}`, passwd: 'pw' }),
      });
    for (let i = 0; i < 4; i++) expect((await attempt(`192.0.2.${i}`, '10.9.9.9')).status).toBe(403);
    const limited = await attempt('192.0.2.99', '10.9.9.9');
    expect(limited.status).toBe(429);
    expect(hookCalls).toHaveLength(4); // the limited attempt never reached the application
    expect((await attempt('192.0.2.99', '10.9.9.10')).status).toBe(403);
  });
});
