// Passkeys end to end (docs/accounts.md "Passkeys"): real auth (with its own Postgres database), avatar and
// gateway processes, and headless Chromium's virtual authenticator (DevTools protocol WebAuthn domain)
// driving the / page: log in with dev, register a passkey, log out, log in with the passkey as the same
// user, remove it, and a login with it fails.
import { createHash } from 'node:crypto';
import { Browser } from '@gatehouse/test-kit/browser';
import { createTestDatabase, type TestDatabase } from '@gatehouse/test-kit/databases';
import { type Stack, startStack } from '@gatehouse/test-kit/stack';
import { type Claims, configSecretReader, TokenService } from '@gatehouse/token';
import { decodeJwt } from 'jose';
import type { Page } from 'playwright-core';
import { itWithChromium, launchChromium } from './chromium';

const sha1 = (s: string) => createHash('sha1').update(s).digest('hex');

let stack: Stack;
let db: TestDatabase;
/** WebAuthn needs a secure context and a domain as relying-party id: localhost is both, 127.0.0.1 is no domain. */
let origin: string;

beforeAll(async () => {
  db = await createTestDatabase('gh_auth');
  stack = await startStack({
    services: ['auth', 'avatar', 'gateway'],
    authDatabaseUrl: db.url,
    env: (ports) => ({ AUTH_URL: `http://localhost:${ports.gateway}` }),
  });
  origin = `http://localhost:${stack.ports.gateway}`;
}, 60_000);

afterAll(async () => {
  await stack?.stop();
  await db?.drop();
});

describe('passkeys over HTTP', () => {
  it('lists passkey as a provider and refuses registration without a session', async () => {
    const browser = new Browser(stack.url);
    // Password accounts are on with the directory too (development: their messages go to the log).
    expect((await browser.get('/auth/list')).json()).toEqual(['dev', 'passkey', 'password']);
    expect((await browser.request('POST', '/auth/passkey/register/options')).status).toBe(401);
    expect((await browser.get('/auth/passkey/list')).status).toBe(401);
  });

  it('gives single-use login options and refuses an answer to an unknown challenge', async () => {
    const browser = new Browser(stack.url);
    const options = await browser.request('POST', '/auth/passkey/login/options');
    expect(options.status).toBe(200);
    expect(options.json()).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
    const clientDataJSON = Buffer.from(
      JSON.stringify({ type: 'webauthn.get', challenge: 'never-issued', origin }),
    ).toString('base64url');
    const forged = {
      id: 'abc',
      rawId: 'abc',
      type: 'public-key',
      response: { clientDataJSON },
      clientExtensionResults: {},
    };
    const res = await browser.request('POST', '/auth/passkey/login/verify', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ response: forged }),
    });
    expect(res.status).toBe(403);
    expect(res.cookies.some((c) => c.startsWith('JWT='))).toBe(false);
  });
});

describe('passkey registration needs a fresh cookie session (issue 25, item 3)', () => {
  const FRESH_LOGIN = {
    error: 'passkey registration needs a recent login: log in again, then register within 5 minutes',
  };

  /** A session as the auth service issues it at a dev login (the gateway verifies it with AUTH_SECRET). */
  function tokens() {
    return new TokenService({
      issuer: 'gatehouse',
      tokenDurationMs: 15 * 60_000,
      cookieDurationMs: 86_400_000,
      audiences: [],
      secrets: configSecretReader(stack.env.AUTH_SECRET as string, {}),
    });
  }
  async function session(name: string) {
    const user = { name, id: `dev_${sha1(name)}`, picture: '' };
    const issued = await tokens().issueSession({ user, aud: 'gatehouse', provider: 'dev', sessionOnly: false });
    return { token: issued.token, xsrf: issued.jti };
  }

  it('registers from a fresh cookie session with the XSRF header', async () => {
    const { token, xsrf } = await session('fay');
    const res = await new Browser(stack.url).request('POST', '/auth/passkey/register/options', {
      headers: { cookie: `JWT=${token}; XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
    });
    expect(res.status).toBe(200);
    expect(res.json()).toMatchObject({ rp: { id: 'localhost' } });
  });

  it('refuses a borrowed token in X-JWT or ?token=, with 403 asking for a fresh login', async () => {
    const { token } = await session('gus');
    const anonymous = new Browser(stack.url);
    for (const res of [
      await anonymous.request('POST', '/auth/passkey/register/options', { headers: { 'x-jwt': token } }),
      await anonymous.request('POST', `/auth/passkey/register/options?token=${token}`),
      await anonymous.request('POST', '/auth/passkey/register/verify', {
        headers: { 'x-jwt': token, 'content-type': 'application/json' },
        body: JSON.stringify({ response: { id: 'x' } }),
      }),
    ]) {
      expect([res.status, res.json()]).toEqual([403, FRESH_LOGIN]);
    }
  });

  it('refuses a cookie session whose login is more than 5 minutes old', async () => {
    const { token, xsrf } = await session('hal');
    const claims = decodeJwt(token) as Claims;
    const old = await tokens().signToken({ ...claims, auth_time: (claims.iat as number) - 6 * 60 });
    const res = await new Browser(stack.url).request('POST', '/auth/passkey/register/options', {
      headers: { cookie: `JWT=${old}; XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
    });
    expect([res.status, res.json()]).toEqual([403, FRESH_LOGIN]);
  });
});

async function devLogin(page: Page, name: string) {
  await page.goto(`${origin}/`);
  await page.getByRole('link', { name: 'dev' }).click();
  await page.getByLabel('User name').fill(name);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(`${origin}/`);
  await page.locator('#user').waitFor({ state: 'visible' });
}

async function logOut(page: Page) {
  await page.locator('#logout').click();
  await page.locator('#anonymous').waitFor({ state: 'visible' });
}

async function passkeyLogin(page: Page) {
  await page.locator('#passkey-login').waitFor({ state: 'visible' });
  await page.locator('#passkey-login').click();
}

describe('passkeys in a real browser', () => {
  // CI installs chromium (.ci/run) and must run this; elsewhere a machine without it skips it.
  itWithChromium(
    'registers a passkey, logs in with it as the same user, and not once it is removed',
    async () => {
      // The gateway listens on 127.0.0.1 only; WebAuthn wants a host name, not an address.
      const browser = await launchChromium(['--host-resolver-rules=MAP localhost 127.0.0.1']);
      const context = browser.context;
      try {
        const page = await context.newPage();
        const cdp = await page.context().newCDPSession(page);
        await cdp.send('WebAuthn.enable');
        const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
          options: {
            protocol: 'ctap2',
            transport: 'internal',
            hasResidentKey: true,
            hasUserVerification: true,
            isUserVerified: true,
          },
        });

        await devLogin(page, 'pat');
        const devId = `dev_${sha1('pat')}`;
        expect(await page.locator('#details').textContent()).toContain(devId);
        await page.locator('#passkeys').waitFor({ state: 'visible' });
        await page.locator('#passkey-register').click();
        await page.locator('#passkey-list li').waitFor({ state: 'visible' });
        expect(await page.locator('#passkey-message').textContent()).toBe('Passkey registered.');
        const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
        expect(credentials).toHaveLength(1);
        expect(credentials[0]?.isResidentCredential).toBe(true);

        await logOut(page);
        await passkeyLogin(page);
        await page.locator('#user').waitFor({ state: 'visible' });
        const details = JSON.parse((await page.locator('#details').textContent()) as string);
        expect(details).toMatchObject({ id: devId, name: 'pat' });
        // The usual session cookies, for the registering account's user, from the passkey provider.
        const cookies = await context.cookies(origin);
        const jwt = cookies.find((c) => c.name === 'JWT');
        expect(jwt?.httpOnly).toBe(true);
        const claims = decodeJwt(jwt?.value ?? '');
        expect(claims).toMatchObject({ auth_provider: { name: 'passkey' }, user: { id: devId, name: 'pat' } });
        expect(cookies.find((c) => c.name === 'XSRF-TOKEN')?.value).toBe(claims.jti);
        // Sessions per device: the passkey login is recorded, as this browser's session.
        await page.locator('#session-list li.current').filter({ hasText: 'via passkey' }).waitFor();
        await expect(page.locator('#passkey-list li').textContent()).resolves.not.toContain('last used never');

        await page.locator('#passkey-list li button').click();
        await page.locator('#passkey-list li').waitFor({ state: 'detached' });
        expect(await page.locator('#passkey-message').textContent()).toBe('Passkey removed.');

        // The authenticator still holds the credential; the server no longer knows it.
        await logOut(page);
        await passkeyLogin(page);
        await page.locator('#passkey-message').filter({ hasText: 'Passkey login failed' }).waitFor();
        expect(await page.locator('#passkey-message').textContent()).toContain('passkey is not registered');
        await expect(page.locator('#anonymous').isVisible()).resolves.toBe(true);
      } finally {
        await browser.close();
      }
    },
    60_000,
  );
});
