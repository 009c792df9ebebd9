// Access policies end to end through real processes: the gateway proxies AUTH_CONFIG routes to a small
// upstream (policy-stack.ts) after each route's policy, with the application's hooks (claims updater,
// validator, user updater) served by the SDK as an application would. Hooks that replace the gateway's
// own decisions (basic auth, secrets) are in policies-app-hooks.test.ts.

import http from 'node:http';
import type { HookFunctions } from '@gatehouse/hooks-sdk';
import { Browser } from '@gatehouse/test-kit/browser';
import type { Stack } from '@gatehouse/test-kit/stack';
import { decodeJwt } from 'jose';
import { ADMIN, decodeUser, type Echo, type PolicyStack, startPolicyStack } from './policy-stack';

/** The application's policy hooks: roles and blocking decided by the app's own lists. */
const blocked = new Set(['mal']);
const appHooks: Partial<HookFunctions> = {
  async updateClaims(claims) {
    const user = claims.user;
    if (!user) return claims;
    if (user.name === 'nologin') throw new Error('profile store is down');
    if (user.name === 'stan') user.role = 'staff';
    if (user.name === 'boss') user.attrs = { ...user.attrs, admin: true };
    if (blocked.has(user.name)) user.attrs = { ...user.attrs, blocked: true };
    return claims;
  },
  async validate(_token, claims) {
    if (claims.user?.name === 'slowpoke') await new Promise((r) => setTimeout(r, 1500));
    return claims.user?.attrs?.blocked !== true;
  },
  async updateUser(user) {
    if (user.name === 'crash') throw new Error('profile store is down');
    return { ...user, email: `${user.name}@app.test`, attrs: { ...user.attrs, plan: 'gold' } };
  },
};

let policy: PolicyStack;
let stack: Stack;

beforeAll(async () => {
  policy = await startPolicyStack(appHooks, {
    AUTH_HOOKS: 'update-claims,validate,update-user',
    AUTH_HOOKS_TIMEOUT: '1s',
    GATEWAY_UPSTREAM_TIMEOUT: '1s',
  });
  stack = policy.stack;
}, 60_000);

afterAll(() => policy?.close());

async function loggedIn(name: string): Promise<Browser> {
  const browser = new Browser(stack.url);
  const res = await browser.devLogin(name);
  if (res.status !== 200) throw new Error(`login of ${name}: ${res.status} ${res.text}`);
  return browser;
}

describe('auth policy', () => {
  it('refuses anonymous callers and cookies without the XSRF header with 401', async () => {
    const anonymous = await new Browser(stack.url).get('/app/hello');
    expect([anonymous.status, anonymous.json()]).toEqual([401, { error: 'token cookie was not presented' }]);
    const noXsrf = await (await loggedIn('ann')).get('/app/hello');
    expect([noXsrf.status, noXsrf.json()]).toEqual([401, { error: 'xsrf mismatch' }]);
  });

  it('passes cookie+XSRF callers with the user header, never their credentials', async () => {
    const browser = await loggedIn('ann');
    await browser.jar.setCookie('theme=dark; Path=/', stack.url);
    const res = await browser.get('/app/hello/world?x=1', {
      'x-xsrf-token': await browser.xsrf(),
      'x-gatehouse-user': Buffer.from('{"name":"forged","id":"admin"}').toString('base64url'),
      'x-forwarded-for': '203.0.113.9',
    });
    expect(res.status).toBe(200);
    const echo = res.json() as Echo;
    expect(echo.url).toBe('/hello/world?x=1'); // prefix stripped
    expect(decodeUser(echo.headers['x-gatehouse-user'])).toMatchObject({
      name: 'ann',
      id: expect.stringMatching(/^dev_/),
    });
    expect(echo.headers.cookie).toBe('theme=dark');
    expect(echo.headers).not.toHaveProperty('x-xsrf-token');
    expect(echo.headers['x-forwarded-for']).toBe('127.0.0.1'); // no trusted proxy: the client cannot say
    // The upstream's hop-by-hop headers and its attempt at the session cookie stay behind.
    expect(res.headers.get('x-app')).toBe('yes');
    expect(res.headers.get('x-upstream-secret')).toBeNull();
    expect(res.cookies).toEqual(['app=1; Path=/']);
  });

  it('refuses dot segments and encoded separators that would leave the route for another', async () => {
    const browser = await loggedIn('ann');
    const headers = { cookie: await browser.jar.getCookieString(stack.url), 'x-xsrf-token': await browser.xsrf() };
    // Sent raw: fetch would resolve the dot segments before they reach the gateway.
    const rawGet = (target: string) =>
      new Promise<number>((resolve, reject) => {
        const req = http.request({ host: '127.0.0.1', port: stack.ports.gateway, path: target, headers }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.once('error', reject);
        req.end();
      });
    for (const sneaky of ['/app/../admin', '/app/%2e%2E/admin', '/app/.%2e/admin', '/app/x%2F..%2Fadmin', '/app/./x']) {
      expect([sneaky, await rawGet(sneaky)]).toEqual([sneaky, 400]);
    }
    expect(await rawGet('/app/fine')).toBe(200);
  });

  it('passes ?token= callers without the token reaching the upstream', async () => {
    const token = (await (await loggedIn('ann')).cookie('JWT')) as string;
    const res = await new Browser(stack.url).get(`/app/q?a=1&token=${token}&b=2`);
    expect([res.status, (res.json() as Echo).url]).toEqual([200, '/q?a=1&b=2']);
    expect((await new Browser(stack.url).get('/app/q?token=not-a-jwt')).status).toBe(401);
  });

  it('passes X-JWT callers without the header reaching the upstream, and streams bodies both ways', async () => {
    const token = (await (await loggedIn('ann')).cookie('JWT')) as string;
    const body = 'x'.repeat(200_000);
    const res = await new Browser(stack.url).request('POST', '/app/upload', {
      headers: { 'x-jwt': token, 'content-type': 'text/plain' },
      body,
    });
    const echo = res.json() as Echo;
    expect([res.status, echo.method, echo.body.length]).toEqual([200, 'POST', body.length]);
    expect(echo.headers).not.toHaveProperty('x-jwt');
    const streamed = await new Browser(stack.url).get('/stream', { 'x-jwt': token });
    expect(streamed.text).toBe('chunk-0\nchunk-1\nchunk-2\n');
  });

  it('passes basic-auth admin, without the Authorization header', async () => {
    const res = await new Browser(stack.url).get('/app/x', { authorization: ADMIN });
    const echo = res.json() as Echo;
    expect(decodeUser(echo.headers['x-gatehouse-user'])).toMatchObject({ id: 'admin', attrs: { admin: true } });
    expect(echo.headers).not.toHaveProperty('authorization');
    const wrong = await new Browser(stack.url).get('/app/x', {
      authorization: `Basic ${Buffer.from('admin:nope').toString('base64')}`,
    });
    expect(wrong.status).toBe(401);
  });
});

describe('trace, admin, rbac and update-user policies', () => {
  it('trace passes everyone, with the user when there is one', async () => {
    const anonymous = (await new Browser(stack.url).get('/open')).json() as Echo;
    expect(anonymous.headers).not.toHaveProperty('x-gatehouse-user');
    const browser = await loggedIn('ann');
    const known = (await browser.getWithXsrf('/open/page')).json() as Echo;
    expect(decodeUser(known.headers['x-gatehouse-user'])).toMatchObject({ name: 'ann' });
  });

  it('admin: 401 anonymous, 403 for a user, 200 for an admin by cookie, X-JWT or basic auth', async () => {
    expect((await new Browser(stack.url).get('/admin')).status).toBe(401);
    const ann = await loggedIn('ann');
    expect([(await ann.getWithXsrf('/admin')).status, (await ann.getWithXsrf('/admin')).json()]).toEqual([
      403,
      { error: 'access denied' },
    ]);
    const boss = await loggedIn('boss');
    expect((await boss.getWithXsrf('/admin/panel')).status).toBe(200);
    const bossJwt = (await boss.cookie('JWT')) as string;
    expect((await new Browser(stack.url).get('/admin', { 'x-jwt': bossJwt })).status).toBe(200);
    expect((await new Browser(stack.url).get('/admin', { authorization: ADMIN })).status).toBe(200);
  });

  it('applies a nested prefix its own policy, whatever the config order', async () => {
    expect((await new Browser(stack.url).get('/open/admin/users')).status).toBe(401);
    const ann = await loggedIn('ann');
    expect((await ann.getWithXsrf('/open/admin/users')).status).toBe(403);
    expect((await ann.getWithXsrf('/open/page')).status).toBe(200);
    const boss = await loggedIn('boss');
    expect((await boss.getWithXsrf('/open/admin/users')).status).toBe(200);
  });

  it('rbac: the claims updater gives the role at login; other users 403, anonymous 401', async () => {
    const stan = await loggedIn('stan');
    expect((await stan.getWithXsrf('/auth/user')).json()).toMatchObject({ name: 'stan', role: 'staff' });
    expect((await stan.getWithXsrf('/staff')).status).toBe(200);
    const stanJwt = (await stan.cookie('JWT')) as string;
    expect((await new Browser(stack.url).get('/staff?x=1', { 'x-jwt': stanJwt })).status).toBe(200);
    expect((await (await loggedIn('ann')).getWithXsrf('/staff')).status).toBe(403);
    expect((await new Browser(stack.url).get('/staff', { authorization: ADMIN })).status).toBe(403);
    expect((await new Browser(stack.url).get('/staff')).status).toBe(401);
  });

  it('update-user: the upstream gets the user as the application updater made it', async () => {
    const browser = await loggedIn('ann');
    const echo = (await browser.getWithXsrf('/profile')).json() as Echo;
    expect(decodeUser(echo.headers['x-gatehouse-user'])).toMatchObject({
      name: 'ann',
      email: 'ann@app.test',
      attrs: { plan: 'gold' },
    });
    expect((await new Browser(stack.url).get('/profile')).status).toBe(401);
  });
});

describe('blocking and failures', () => {
  it('blocks a user: the updater marks them at login, the validator refuses every request', async () => {
    const mal = await loggedIn('mal');
    expect(decodeJwt((await mal.cookie('JWT')) as string)).toMatchObject({ user: { attrs: { blocked: true } } });
    for (const target of ['/app/x', '/open', '/auth/user']) {
      const res = await mal.getWithXsrf(target);
      if (target === '/open') {
        // trace lets the request through, but without the refused user
        expect((res.json() as Echo).headers).not.toHaveProperty('x-gatehouse-user');
      } else {
        expect([res.status, res.json()]).toEqual([401, { error: 'token is not valid' }]);
      }
    }
  });

  it('refuses when the validator times out (fail closed)', async () => {
    const slow = await loggedIn('slowpoke');
    const res = await slow.getWithXsrf('/app/x');
    expect([res.status, res.json()]).toEqual([401, { error: 'validator unavailable' }]);
  });

  it('issues no token when the claims updater fails, and answers 503 when the user updater fails', async () => {
    const refused = await new Browser(stack.url).devLogin('nologin');
    expect([refused.status, refused.json()]).toEqual([503, { error: 'claims updater unavailable' }]);
    expect(refused.cookies.filter((c) => c.startsWith('JWT=') && !c.startsWith('JWT=;'))).toEqual([]);
    const crash = await loggedIn('crash');
    expect((await crash.getWithXsrf('/app/x')).status).toBe(200);
    const res = await crash.getWithXsrf('/profile');
    expect([res.status, res.json()]).toEqual([503, { error: 'user updater unavailable' }]);
  });

  it('answers 504 when the upstream does not answer in time, 502 when it is down', async () => {
    const ann = await loggedIn('ann');
    const slow = await ann.getWithXsrf('/slow');
    expect([slow.status, slow.json()]).toEqual([504, { error: 'upstream timed out' }]);
    const down = await new Browser(stack.url).get('/down');
    expect([down.status, down.json()]).toEqual([502, { error: 'upstream unavailable' }]);
  });
});
