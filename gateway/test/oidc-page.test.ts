// The demo page as the OpenID provider's other way to log in (docs/openid-provider.md "Logging in"), in
// headless Chromium: an application's authorization sends the person to `/?continue=/oidc/interaction/..`
// ("Other ways to log in"), and a login made there (a passkey through Chromium's virtual authenticator, or
// a provider then the TOTP code prompt) comes back to the authorization and on to the application, a
// real HTTP server on loopback; response_mode=form_post's page submits itself under its CSP; the
// "Connected applications" section lists the grant and removes it; a `continue` that is not such a path
// of this site is ignored (no open redirect).
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestDatabase, type TestDatabase } from '@gatehouse/test-kit/databases';
import { type Stack, startStack } from '@gatehouse/test-kit/stack';
import { totpCode } from '@gatehouse/test-kit/totp-code';
import { until } from '@gatehouse/test-kit/until';
import type * as oidc from 'openid-client';
import { Client } from 'pg';
import type { Page } from 'playwright-core';
import { itWithChromium, launchChromium } from './chromium';
import { loggedIn } from './directory-stack';
import { codeRequest, discoverClient } from './oidc-stack';

let stack: Stack;
let db: TestDatabase;
/** WebAuthn wants a domain as relying-party id: the issuer is localhost (Chromium maps it to 127.0.0.1). */
let origin: string;
/** The relying party: its callback records what reached it, a form_post goes on to /done. */
let rp: http.Server;
let callback: string;
const reached: { method: string; url: string; body: string }[] = [];

beforeAll(async () => {
  rp = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      reached.push({ method: req.method ?? '', url: req.url ?? '', body: Buffer.concat(chunks).toString() });
      if (req.method === 'POST') {
        res.writeHead(303, { location: '/done' }).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>RP</title><p>signed in</p>');
    });
  });
  await new Promise<void>((resolve) => rp.listen(0, '127.0.0.1', resolve));
  callback = `http://127.0.0.1:${(rp.address() as AddressInfo).port}/callback`;
  db = await createTestDatabase('gh_gw_oidc_page');
  stack = await startStack({
    services: ['auth', 'avatar', 'gateway'],
    authDatabaseUrl: db.url,
    env: (ports) => ({
      AUTH_URL: `http://localhost:${ports.gateway}`,
      AUTH_OIDC_PROVIDER: 'true',
      AUTH_TOTP_KEY: randomBytes(32).toString('hex'),
      REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    }),
  });
  origin = `http://localhost:${stack.ports.gateway}`;
}, 90_000);

afterAll(async () => {
  await stack?.stop();
  await db?.drop();
  await new Promise<void>((resolve) => (rp ? rp.close(() => resolve()) : resolve()));
});

/** A public client (PKCE, no secret) straight into auth's table, as the admin API registers one. */
async function registerClient(name: string): Promise<oidc.Configuration> {
  const clientId = `page-${randomBytes(6).toString('hex')}`;
  const sql = new Client({ connectionString: db.url });
  await sql.connect();
  try {
    await sql.query('INSERT INTO auth.oidc_clients (client_id, metadata) VALUES ($1, $2)', [
      clientId,
      JSON.stringify({ client_name: name, redirect_uris: [callback], token_endpoint_auth_method: 'none' }),
    ]);
  } finally {
    await sql.end();
  }
  return discoverClient(origin, clientId);
}

async function devLoginOnPage(page: Page, name: string) {
  await page.getByRole('link', { name: 'dev', exact: true }).click();
  await page.getByLabel('User name').fill(name);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** From the provider's login page to the demo page, told to come back ("Other ways to log in"). */
async function otherWays(page: Page): Promise<string> {
  await page.getByRole('link', { name: 'Other ways to log in' }).click();
  await page.locator('#continue').waitFor({ state: 'visible' });
  const back = new URL(page.url()).searchParams.get('continue') as string;
  expect(back).toMatch(/^\/oidc\/interaction\/[A-Za-z0-9_-]+$/);
  return back;
}

describe('the page as the provider’s other way to log in', () => {
  itWithChromium(
    'a passkey login made on the page goes back to the authorization; consent, the code, then the grant removed',
    async () => {
      const config = await registerClient('Team wiki');
      const browser = await launchChromium(['--host-resolver-rules=MAP localhost 127.0.0.1']);
      try {
        const page = await browser.context.newPage();
        const cdp = await page.context().newCDPSession(page);
        await cdp.send('WebAuthn.enable');
        await cdp.send('WebAuthn.addVirtualAuthenticator', {
          options: {
            protocol: 'ctap2',
            transport: 'internal',
            hasResidentKey: true,
            hasUserVerification: true,
            isUserVerified: true,
          },
        });
        // A passkey registered from a dev login, then logged out.
        await page.goto(`${origin}/`);
        await devLoginOnPage(page, 'page-pia');
        await page.locator('#passkeys').waitFor({ state: 'visible' });
        await page.locator('#passkey-register').click();
        await page.locator('#passkey-list li').waitFor({ state: 'visible' });
        await page.locator('#logout').click();
        await page.locator('#anonymous').waitFor({ state: 'visible' });

        const flow = await codeRequest(config, { redirect_uri: callback, scope: 'openid profile' });
        await page.goto(flow.url);
        await page.getByText('Team wiki wants you to log in with Gatehouse').waitFor();
        await otherWays(page);
        // The page's provider links come back to the authorization too.
        const devHref = await page.getByRole('link', { name: 'dev', exact: true }).getAttribute('href');
        expect(new URL(devHref as string, origin).searchParams.get('from')).toMatch(/^\/oidc\/interaction\//);
        await page.locator('#passkey-login').click();
        await page.getByRole('heading', { name: 'Team wiki asks to' }).waitFor();
        expect(await page.content()).toContain('see your name and picture');
        await page.getByRole('button', { name: 'Allow' }).click();
        await page.waitForURL((url) => url.href.startsWith(callback));
        const tokens = await flow.exchange(new URL(page.url()));
        expect(tokens.claims()).toMatchObject({ acr: 'urn:gatehouse:acr:2fa', amr: ['hwk', 'user'] });

        // Connected applications: the wiki, removed with one click.
        await page.goto(`${origin}/`);
        await page.locator('#grants').waitFor({ state: 'visible' });
        const row = page.locator('#grant-list li').filter({ hasText: 'Team wiki' });
        expect(await row.textContent()).toContain('who you are, your name and picture');
        await row.getByRole('button', { name: 'Remove' }).click();
        await page.locator('#grants-message').filter({ hasText: 'Team wiki removed' }).waitFor();
        await page.locator('#grants-empty').waitFor({ state: 'visible' });
        expect(await page.locator('#grant-list li').count()).toBe(0);
      } finally {
        await browser.close();
      }
    },
    120_000,
  );

  itWithChromium(
    'a provider login then the TOTP code at the page’s prompt goes back; form_post submits itself under its CSP',
    async () => {
      const config = await registerClient('Payroll');
      // TOTP turned on for quinn over HTTP, as the page would.
      const setup = await loggedIn(origin, 'page-quinn');
      const { secret } = (await setup.send('POST', '/auth/totp/setup')).json() as { secret: string };
      expect((await setup.send('POST', '/auth/totp/activate', { code: await totpCode(secret, -1) })).status).toBe(200);

      const browser = await launchChromium(['--host-resolver-rules=MAP localhost 127.0.0.1']);
      try {
        const page = await browser.context.newPage();
        const refusedScripts: string[] = [];
        page.on('console', (m) => {
          if (/Content Security Policy/.test(m.text())) refusedScripts.push(m.text());
        });
        const flow = await codeRequest(config, { redirect_uri: callback, scope: 'openid', response_mode: 'form_post' });
        await page.goto(flow.url);
        const back = await otherWays(page);
        await devLoginOnPage(page, 'page-quinn');
        await page.waitForURL((url) => url.searchParams.get('second_factor') === 'totp');
        expect(new URL(page.url()).searchParams.get('continue')).toBe(back);
        await page.getByLabel('Code from your authenticator app').fill(await totpCode(secret));
        await page.getByRole('button', { name: 'Verify' }).click();
        await page.getByRole('heading', { name: 'Payroll asks to' }).waitFor();
        await page.getByRole('button', { name: 'Allow' }).click();
        // The form_post page posts the code to the callback by its own script; the RP sends it on to /done.
        await page.waitForURL((url) => url.pathname === '/done');
        expect(refusedScripts).toEqual([]);
        const posted = await until(() => reached.find((r) => r.method === 'POST' && r.body.includes('code=')), {
          what: 'the form_post at the callback',
        });
        const request = new Request(callback, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: posted.body,
        });
        const claims = (await flow.exchange(request)).claims();
        expect(claims?.acr).toBe('urn:gatehouse:acr:2fa');
        expect(claims?.amr).toEqual(expect.arrayContaining(['mfa']));
      } finally {
        await browser.close();
      }
    },
    120_000,
  );

  itWithChromium('ignores a continue that is not an authorization of this site', async () => {
    const browser = await launchChromium(['--host-resolver-rules=MAP localhost 127.0.0.1']);
    try {
      const page = await browser.context.newPage();
      for (const hostile of [
        '//evil.example/oidc/interaction/x',
        'https://evil.example/',
        '/auth/logout',
        '/oidc/interaction/x/../../y',
      ]) {
        await page.goto(`${origin}/?continue=${encodeURIComponent(hostile)}`);
        await page.locator('#anonymous').waitFor({ state: 'visible' });
        expect(await page.locator('#continue').isVisible()).toBe(false);
        const href = await page.getByRole('link', { name: 'dev', exact: true }).getAttribute('href');
        expect(new URL(href as string, origin).searchParams.get('from')).toBe('/');
      }
    } finally {
      await browser.close();
    }
  });
});
