// Passkeys end to end (README "Passkeys"): real auth (with its own Postgres database), avatar and
// gateway processes, and headless Chromium's virtual authenticator (DevTools protocol WebAuthn domain)
// driving the / page: log in with dev, register a passkey, log out, log in with the passkey as the same
// user, remove it, and a login with it fails.
import { createHash } from 'node:crypto';
import { decodeJwt } from 'jose';
import type { Page } from 'playwright-core';
import { Browser } from '../../test/browser';
import { createTestDatabase, type TestDatabase } from '../../test/databases';
import { type Stack, startStack } from '../../test/stack';
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
    expect((await browser.get('/auth/list')).json()).toEqual(['dev', 'passkey']);
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
