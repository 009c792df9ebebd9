// The foundation slice end to end: real auth, avatar and gateway processes on loopback, driven over
// HTTP with a cookie jar, as a browser would.
import { createHash } from 'node:crypto';
import { Browser } from '@gatehouse/test-kit/browser';
import { type Stack, startStack } from '@gatehouse/test-kit/stack';
import { decodeJwt } from 'jose';

const sha1 = (s: string) => createHash('sha1').update(s).digest('hex');

let stack: Stack;

beforeAll(async () => {
  stack = await startStack({
    services: ['auth', 'avatar', 'gateway'],
    env: { AUTH_ADMIN_PASSWD: 'admin-password-for-tests', AUTH_ALLOWED_REDIRECT_HOSTS: 'app.example.com' },
  });
}, 60_000);

afterAll(async () => {
  await stack?.stop();
});

describe('dev login through the gateway', () => {
  it('starts with state and PKCE S256, and a session-only handshake cookie', async () => {
    const browser = new Browser(stack.url);
    const res = await browser.get('/auth/dev/login?site=my-site');
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('location') as string);
    expect(location.origin).toBe(`http://127.0.0.1:${stack.ports.dev}`);
    expect(location.searchParams.get('state')).toMatch(/^[0-9a-f]{40}$/);
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(location.searchParams.get('redirect_uri')).toBe(`${stack.url}/auth/dev/callback`);
    const jwtCookie = res.cookies.find((c) => c.startsWith('JWT='));
    expect(jwtCookie).toMatch(/HttpOnly/i);
    expect(jwtCookie).not.toMatch(/Max-Age|Expires/i);
    const handshake = decodeJwt((await browser.cookie('JWT')) as string);
    expect(handshake).toMatchObject({ aud: 'my-site', handshake: { state: location.searchParams.get('state') } });
    expect(handshake.user).toBeUndefined();
    expect(await browser.xsrf()).toBe(handshake.jti);
  });

  it('logs in, sets the JWT and XSRF cookies, and answers the user JSON', async () => {
    const browser = new Browser(stack.url);
    const res = await browser.devLogin('alice');
    expect(res.status).toBe(200);
    const id = `dev_${sha1('alice')}`;
    expect(res.json()).toEqual({ name: 'alice', id, picture: `${stack.url}/avatar/${sha1(id)}.image` });
    const [jwtCookie, xsrfCookie] = res.cookies;
    expect(jwtCookie).toMatch(/^JWT=[^;]+; Max-Age=2678400; Path=\/; HttpOnly; SameSite=Lax$/);
    expect(xsrfCookie).toMatch(/^XSRF-TOKEN=[0-9a-f]{40}; Max-Age=2678400; Path=\/; SameSite=Lax$/);
    const claims = decodeJwt((await browser.cookie('JWT')) as string);
    expect(claims).toMatchObject({
      iss: 'gatehouse',
      aud: 'gatehouse',
      user: { name: 'alice', id },
      auth_provider: { name: 'dev' },
    });
    expect(claims.jti).toBe(await browser.xsrf());
    expect((claims.exp as number) - (claims.iat as number)).toBe(15 * 60);
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox; frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('serves /auth/user, /auth/status and the avatar to a logged-in browser', async () => {
    const browser = new Browser(stack.url);
    await browser.devLogin('bob');
    const user = await browser.getWithXsrf('/auth/user');
    expect(user.status).toBe(200);
    expect(user.json()).toMatchObject({ name: 'bob', aud: 'gatehouse' });
    const status = await browser.getWithXsrf('/auth/status');
    expect(status.json()).toEqual({ status: 'logged in', user: 'bob' });

    const picture = new URL((user.json() as { picture: string }).picture);
    const avatar = await browser.get(picture.pathname);
    expect(avatar.status).toBe(200);
    expect(avatar.headers.get('content-type')).toBe('image/png');
  });

  it('refuses a cookie token without the matching XSRF header', async () => {
    const browser = new Browser(stack.url);
    await browser.devLogin('carol');
    const missing = await browser.get('/auth/user');
    expect(missing.status).toBe(401);
    expect(missing.json()).toEqual({ error: 'xsrf mismatch' });
    const wrong = await browser.get('/auth/user', { 'x-xsrf-token': 'f'.repeat(40) });
    expect(wrong.status).toBe(401);
    expect((await browser.get('/auth/status')).json()).toEqual({ status: 'not logged in' });
  });

  it('accepts the token in X-JWT and ?token= without XSRF', async () => {
    const browser = new Browser(stack.url);
    await browser.devLogin('dave');
    const token = (await browser.cookie('JWT')) as string;
    const stranger = new Browser(stack.url);
    const viaHeader = await stranger.get('/auth/user', { 'x-jwt': token });
    expect(viaHeader.status).toBe(200);
    expect(viaHeader.json()).toMatchObject({ name: 'dave' });
    const viaQuery = await stranger.get(`/auth/user?token=${token}`);
    expect(viaQuery.status).toBe(200);
    const tampered = await stranger.get('/auth/user', { 'x-jwt': `${token.slice(0, -4)}AAAA` });
    expect(tampered.status).toBe(401);
    expect(tampered.json()).toEqual({ error: 'token is invalid' });
  });

  it('answers a token it has seen (the fast path) exactly as the first time, and only that token', async () => {
    const browser = new Browser(stack.url);
    await browser.devLogin('erin');
    const first = await browser.getWithXsrf('/auth/user');
    const cached = await browser.getWithXsrf('/auth/user');
    const withQuery = await browser.getWithXsrf('/auth/user?from=somewhere');
    for (const res of [cached, withQuery]) {
      expect(res.status).toBe(200);
      expect(res.text).toBe(first.text);
      for (const header of [
        'content-type',
        'content-length',
        'content-security-policy',
        'x-content-type-options',
        'cache-control',
      ])
        expect(res.headers.get(header)).toBe(first.headers.get(header));
      expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
    }
    expect(first.headers.get('content-type')).toBe('application/json; charset=utf-8');

    // Another payload under the cached token's signature is verified in full, and refused.
    const token = (await browser.cookie('JWT')) as string;
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    claims.user.name = 'mallory';
    const forged = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
    const refused = await new Browser(stack.url).get('/auth/user', { 'x-jwt': forged });
    expect(refused.status).toBe(401);
    expect(refused.json()).toEqual({ error: 'token is invalid' });
  });

  it('answers 401 without a token and lists the providers', async () => {
    const browser = new Browser(stack.url);
    const res = await browser.get('/auth/user');
    expect(res.status).toBe(401);
    expect(res.json()).toEqual({ error: 'token cookie was not presented' });
    expect((await browser.get('/auth/list')).json()).toEqual(['dev']);
    expect((await browser.get('/auth/status')).json()).toEqual({ status: 'not logged in' });
  });

  it('logs out only with the XSRF header, and clears both cookies', async () => {
    const browser = new Browser(stack.url);
    await browser.devLogin('erin');
    const token = (await browser.cookie('JWT')) as string;
    expect((await new Browser(stack.url).get('/auth/user', { 'x-jwt': token })).status).toBe(200);
    const forged = await browser.get('/auth/logout');
    expect(forged.status).toBe(403);
    expect(forged.json()).toEqual({ error: 'logout not allowed' });
    expect((await browser.getWithXsrf('/auth/user')).status).toBe(200);

    const res = await browser.getWithXsrf('/auth/dev/logout');
    expect(res.status).toBe(200);
    expect(res.cookies).toEqual([
      expect.stringMatching(
        /^JWT=; Max-Age=0; Path=\/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax$/,
      ),
      expect.stringMatching(/^XSRF-TOKEN=; Max-Age=0; Path=\/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax$/),
    ]);
    expect((await browser.getWithXsrf('/auth/user')).status).toBe(401);
    // A copy of the token kept from before the logout no longer works through this gateway.
    const copy = await new Browser(stack.url).get('/auth/user', { 'x-jwt': token });
    expect([copy.status, copy.json()]).toEqual([401, { error: 'session ended, log in again' }]);
  });

  it('accepts basic auth for admin when AUTH_ADMIN_PASSWD is set', async () => {
    const browser = new Browser(stack.url);
    const basic = (user: string, pw: string) => `Basic ${Buffer.from(`${user}:${pw}`).toString('base64')}`;
    const ok = await browser.get('/auth/user', { authorization: basic('admin', 'admin-password-for-tests') });
    expect(ok.status).toBe(200);
    expect(ok.json()).toEqual({ name: 'admin', id: 'admin', picture: '', attrs: { admin: true } });
    expect(ok.cookies).toEqual([]);
    const wrong = await browser.get('/auth/user', { authorization: basic('admin', 'nope') });
    expect(wrong.status).toBe(401);
    expect(stack.output('gateway')).not.toContain('nope');
    // Basic credentials come first (go-pkgz order), even beside a session token the gateway has cached.
    const loggedIn = new Browser(stack.url);
    await loggedIn.devLogin('grace');
    expect((await loggedIn.getWithXsrf('/auth/user')).json()).toMatchObject({ name: 'grace' });
    const both = await loggedIn.get('/auth/user', {
      authorization: basic('admin', 'admin-password-for-tests'),
      'x-xsrf-token': await loggedIn.xsrf(),
    });
    expect(both.json()).toMatchObject({ name: 'admin' });
  });

  it('redirects with 303 only to its own origin and allowed hosts', async () => {
    const own = await new Browser(stack.url).devLogin('frank', `?from=${encodeURIComponent('/after?x=1')}`);
    expect(own.status).toBe(303);
    expect(own.headers.get('location')).toBe(`${stack.url}/after?x=1`);

    const allowed = await new Browser(stack.url).devLogin(
      'frank',
      `?from=${encodeURIComponent('https://app.example.com/x')}`,
    );
    expect(allowed.status).toBe(303);
    expect(allowed.headers.get('location')).toBe('https://app.example.com/x');

    for (const from of ['https://evil.example.com/', '//evil.example.com/', 'javascript:alert(1)']) {
      const refused = await new Browser(stack.url).devLogin('frank', `?from=${encodeURIComponent(from)}`);
      expect(refused.status).toBe(200);
      expect(refused.headers.get('location')).toBeNull();
      expect(refused.json()).toMatchObject({ name: 'frank' });
    }
  });

  it('writes session cookies for session=1 and persistent ones for session=0 or false', async () => {
    const session = await new Browser(stack.url).devLogin('gina', '?session=1');
    expect(session.cookies[0]).not.toMatch(/Max-Age|Expires/i);
    expect(decodeJwt(session.cookies[0]!.split(';')[0]!.slice(4)).sess_only).toBe(true);
    for (const value of ['0', 'false']) {
      const persistent = await new Browser(stack.url).devLogin('gina', `?session=${value}`);
      expect(persistent.cookies[0]).toMatch(/Max-Age=2678400/);
    }
  });
});

describe('logins for other sites on a stack without per-site secrets (issue 31)', () => {
  it("use the gateway's own routes as before: every token is the auth service's", async () => {
    const browser = new Browser(stack.url);
    expect((await browser.devLogin('sam', '?site=any-site')).status).toBe(200);
    expect((await browser.getWithXsrf('/auth/user')).json()).toMatchObject({ name: 'sam', aud: 'any-site' });
    const sessions = await browser.getWithXsrf('/auth/sessions');
    expect([sessions.status, sessions.json()]).toEqual([
      200,
      { sessions: [expect.objectContaining({ current: true })] },
    ]);
    expect((await browser.getWithXsrf('/auth/passkey/list')).status).not.toBe(401);
  });
});

describe('hostile login requests', () => {
  it('refuses a callback without the handshake cookie', async () => {
    const browser = new Browser(stack.url);
    const res = await browser.get(`/auth/dev/callback?code=x&state=${'a'.repeat(40)}`);
    expect(res.status).toBe(403);
    expect(res.json()).toEqual({ error: 'invalid handshake token' });
  });

  it('refuses a state that does not match the browser handshake', async () => {
    const victim = new Browser(stack.url);
    const start = await victim.get('/auth/dev/login');
    const state = new URL(start.headers.get('location') as string).searchParams.get('state') as string;
    const res = await victim.get(
      `/auth/dev/callback?code=x&state=${state.replace(/.$/, state.endsWith('0') ? '1' : '0')}`,
    );
    expect(res.status).toBe(403);
    expect(res.json()).toEqual({ error: 'unexpected state' });
  });

  it('refuses a replayed callback', async () => {
    const browser = new Browser(stack.url);
    const start = await browser.get('/auth/dev/login');
    const authorize = start.headers.get('location') as string;
    const submitted = await browser.request('POST', authorize, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'username=harry',
    });
    const callback = submitted.headers.get('location') as string;
    const handshake = (await browser.cookie('JWT')) as string;
    expect((await browser.request('GET', callback)).status).toBe(200);
    const attacker = new Browser(stack.url);
    await attacker.jar.setCookie(`JWT=${handshake}`, stack.url);
    const replay = await attacker.request('GET', callback);
    expect(replay.status).toBe(403);
    expect(replay.json()).toEqual({ error: 'exchange failed' });
  });

  it('answers 400 for an unknown provider and 405 for other methods', async () => {
    const browser = new Browser(stack.url);
    const unknown = await browser.get('/auth/nope/login');
    expect(unknown.status).toBe(400);
    expect(unknown.json()).toEqual({ error: 'provider nope not supported' });
    expect((await browser.request('DELETE', '/auth/dev/login')).status).toBe(405);
    expect((await browser.get('/auth/dev/whatever')).status).toBe(404);
  });
});

describe('Cache-Control: no-store on every answer with user data or a token', () => {
  it('covers the login callback, /auth/user on both paths (Koa, then the before-Koa cache), /auth/status and logout', async () => {
    const browser = new Browser(stack.url);
    const login = await browser.devLogin('carol');
    expect(login.headers.get('cache-control')).toBe('no-store');
    const first = await browser.getWithXsrf('/auth/user');
    const second = await browser.getWithXsrf('/auth/user');
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect(second.headers.get('cache-control')).toBe('no-store');
    const status = await browser.getWithXsrf('/auth/status');
    expect(status.headers.get('cache-control')).toBe('no-store');
    const start = await browser.get('/auth/dev/login');
    expect(start.headers.get('cache-control')).toBe('no-store');
  });
});
