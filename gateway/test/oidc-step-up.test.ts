// Who the OpenID provider lets in (docs/openid-provider.md "Logging in"), end to end with openid-client as
// the relying party: a user an admin blocks meets a page that says so and their refresh token is refused;
// two factors asked (acr_values, or a client's default_acr_values) make a one-factor Gatehouse session log
// in again, with TOTP (the page's code prompt comes back to the authorization) or a passkey (a software
// authenticator), and the ID token's acr and amr say what was given.
import { SoftPasskey } from '@gatehouse/test-kit/fakes/passkey-authenticator';
import { totpCode } from '@gatehouse/test-kit/totp-code';
import { userId } from '@gatehouse/token';
import * as oidc from 'openid-client';
import { loggedIn, type PageBrowser } from './directory-stack';
import {
  codeRequest,
  decide,
  devLoginFrom,
  discoverClient,
  follow,
  type OidcStack,
  pageOf,
  startOidcStack,
} from './oidc-stack';

let stack: OidcStack;
let operator: string;
beforeAll(async () => {
  stack = await startOidcStack();
  operator = stack.workloadToken('admin');
}, 90_000);
afterAll(async () => {
  await stack?.stop();
});

const REDIRECT = 'https://rp.example/callback';
const TWO = 'urn:gatehouse:acr:2fa';

async function client(metadata: Record<string, unknown> = {}) {
  const { clientId, clientSecret } = await stack.registerClient({
    client_name: 'Payroll',
    redirect_uris: [REDIRECT],
    grant_types: ['authorization_code', 'refresh_token'],
    first_party: true,
    ...metadata,
  });
  return discoverClient(stack.issuer, clientId, clientSecret);
}

async function block(id: string): Promise<void> {
  const res = await fetch(`${stack.adminUrl}/admin/v1/users/${id}/block`, {
    method: 'POST',
    headers: { authorization: `Bearer ${operator}`, 'content-type': 'application/json' },
    body: JSON.stringify({ reason: 'fraud' }),
  });
  if (res.status !== 200) throw new Error(`block answered ${res.status}: ${await res.text()}`);
}

/** A browser of `name` with TOTP turned on from it: its own session stays one factor (dev only). */
async function withTotp(name: string): Promise<{ browser: PageBrowser; secret: string }> {
  const browser = await loggedIn(stack.issuer, name);
  const { secret } = (await browser.send('POST', '/auth/totp/setup')).json() as { secret: string };
  const on = await browser.send('POST', '/auth/totp/activate', { code: await totpCode(secret, -1) });
  if (on.status !== 200) throw new Error(`TOTP activation answered ${on.status}: ${on.text}`);
  return { browser, secret };
}

describe('a blocked user', () => {
  it('meets a page that says blocked, and their refresh token is refused (invalid_grant)', async () => {
    const config = await client();
    const browser = await loggedIn(stack.issuer, 'step-bea');
    const flow = await codeRequest(config, {
      redirect_uri: REDIRECT,
      scope: 'openid offline_access',
      prompt: 'consent',
    });
    const tokens = await flow.exchange((await follow(browser, flow.url)).back as URL);
    expect(tokens.refresh_token).toBeTruthy();

    await block(userId('dev', 'step-bea'));
    await expect(oidc.refreshTokenGrant(config, tokens.refresh_token as string)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    // The block ended the Gatehouse session, and with it (back-channel logout, a moment later) the
    // provider's session of this browser: the next authorization stops at a page, the blocked page while
    // the provider session is still hers, the login page once it is gone; never a code.
    const again = await codeRequest(config, { redirect_uri: REDIRECT, scope: 'openid' });
    const page = pageOf(await follow(browser, again.url));
    const blockedPage = page.status === 403 && page.text.includes('This account is blocked.');
    const loginPage = page.status === 200 && page.text.includes('wants you to log in with Gatehouse');
    expect(blockedPage || loginPage).toBe(true);
    // Logging in as her again is refused at the gateway.
    expect((await browser.devLogin('step-bea', `?from=${encodeURIComponent('/')}`)).status).toBe(403);
  });

  it('whose Gatehouse session still lives (blocked in the directory alone) meets the same page', async () => {
    const config = await client();
    const browser = await loggedIn(stack.issuer, 'step-cal');
    const first = await codeRequest(config, { redirect_uri: REDIRECT, scope: 'openid' });
    await first.exchange((await follow(browser, first.url)).back as URL);
    await stack.sql("UPDATE auth.users SET status = 'blocked', block_reason = 'test' WHERE id = $1", [
      userId('dev', 'step-cal'),
    ]);
    const again = await codeRequest(config, { redirect_uri: REDIRECT, scope: 'openid' });
    const page = pageOf(await follow(browser, again.url));
    expect([page.status, page.text.includes('This account is blocked.')]).toEqual([403, true]);
  });
});

describe('two factors (step-up)', () => {
  it('acr_values=2fa: a one-factor session logs in again; the TOTP prompt comes back; acr 2fa, amr mfa', async () => {
    const config = await client();
    const { browser, secret } = await withTotp('step-dan');
    const flow = await codeRequest(config, { redirect_uri: REDIRECT, scope: 'openid', acr_values: TWO });
    const shown = await follow(browser, flow.url);
    const page = pageOf(shown);
    expect(page.status).toBe(200);
    expect(page.text).toContain('asks for two factors');
    // The dev login now waits for the code: the page's prompt, told to go back to the interaction.
    const prompt = await devLoginFrom(browser, page, 'step-dan');
    expect(prompt).toBe(`/?second_factor=totp&continue=${encodeURIComponent(shown.at?.pathname as string)}`);
    const verified = await browser.request('POST', '/auth/totp/verify', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: await totpCode(secret) }),
    });
    expect(verified.status).toBe(303);
    const arrived = await follow(browser, verified.headers.get('location') as string);
    const claims = (await flow.exchange(arrived.back as URL)).claims();
    expect(claims?.acr).toBe(TWO);
    expect(claims?.amr).toEqual(expect.arrayContaining(['otp', 'mfa']));
  });

  it('a passkey login gives two factors too (hwk, user)', async () => {
    const config = await client();
    const owner = await loggedIn(stack.issuer, 'step-eli');
    const authenticator = new SoftPasskey(stack.issuer);
    const options = await owner.send('POST', '/auth/passkey/register/options');
    const registered = await owner.send('POST', '/auth/passkey/register/verify', {
      response: authenticator.create(options.json() as Parameters<SoftPasskey['create']>[0]),
    });
    expect(registered.status).toBe(200);

    // One factor first: the dev session is asked for two.
    const flow = await codeRequest(config, { redirect_uri: REDIRECT, scope: 'openid', acr_values: TWO });
    const shown = await follow(owner, flow.url);
    expect(pageOf(shown).text).toContain('asks for two factors');
    const request = await owner.send('POST', '/auth/passkey/login/options');
    const login = await owner.send('POST', '/auth/passkey/login/verify', {
      response: authenticator.get(request.json() as Parameters<SoftPasskey['get']>[0]),
    });
    expect(login.status).toBe(200);
    const arrived = await follow(owner, shown.at?.pathname as string);
    const claims = (await flow.exchange(arrived.back as URL)).claims();
    expect(claims?.acr).toBe(TWO);
    expect(claims?.amr).toEqual(expect.arrayContaining(['hwk', 'user']));
  });

  it("a client's default_acr_values asking two factors does the same; one factor is enough elsewhere", async () => {
    const strict = await client({ default_acr_values: [TWO] });
    const relaxed = await client();
    const { browser, secret } = await withTotp('step-fox');
    const flow = await codeRequest(strict, { redirect_uri: REDIRECT, scope: 'openid' });
    const shown = await follow(browser, flow.url);
    expect(pageOf(shown).text).toContain('asks for two factors');
    const plain = await codeRequest(relaxed, { redirect_uri: REDIRECT, scope: 'openid' });
    const oneFactor = (await plain.exchange((await follow(browser, plain.url)).back as URL)).claims();
    expect(oneFactor?.acr).toBe('urn:gatehouse:acr:1fa');

    await devLoginFrom(browser, pageOf(shown), 'step-fox');
    const verified = await browser.request('POST', '/auth/totp/verify', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: await totpCode(secret) }),
    });
    const arrived = await follow(browser, verified.headers.get('location') as string);
    expect((await flow.exchange(arrived.back as URL)).claims()?.acr).toBe(TWO);
  });

  it('a consent page after the step-up still names the client (not first-party)', async () => {
    const config = await client({ first_party: false });
    const { browser, secret } = await withTotp('step-gil');
    const flow = await codeRequest(config, { redirect_uri: REDIRECT, scope: 'openid email', acr_values: TWO });
    const shown = await follow(browser, flow.url);
    await devLoginFrom(browser, pageOf(shown), 'step-gil');
    const verified = await browser.request('POST', '/auth/totp/verify', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: await totpCode(secret) }),
    });
    const consent = pageOf(await follow(browser, verified.headers.get('location') as string));
    expect(consent.text).toContain('<h1>Payroll asks to</h1>');
    const arrived = await follow(browser, await decide(browser, consent, 'allow'));
    expect((await flow.exchange(arrived.back as URL)).claims()?.acr).toBe(TWO);
  });
});
