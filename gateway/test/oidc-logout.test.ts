// Logging out of the applications Gatehouse signs into (issue 45, docs/openid-provider.md "Logging out"),
// against the real stack with openid-client as the relying party and each application's back-channel
// logout endpoint a real HTTP server on 127.0.0.1 (AUTH_OIDC_ALLOW_PRIVATE): an admin's block logs one
// browser session out of three applications within 1 s (each logout_token verified against the JWKS,
// the refresh tokens refused); a plain logout, TOTP turned on and an unlink do it too; RP-initiated
// logout (buildEndSessionUrl) refuses an unregistered post-logout URI, follows a registered one once
// the user confirms, and ends the Gatehouse session of the browser with it.
import { BackchannelReceiver, type ReceivedLogout } from '@gatehouse/test-kit/fakes/backchannel-receiver';
import { totpCode } from '@gatehouse/test-kit/totp-code';
import { until } from '@gatehouse/test-kit/until';
import { userId } from '@gatehouse/token';
import { createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose';
import * as oidc from 'openid-client';
import { loggedIn, PageBrowser } from './directory-stack';
import { authorizeInBrowser, type OidcStack, startOidcStack } from './oidc-stack';

let stack: OidcStack;
let operator: string;
const receivers: BackchannelReceiver[] = [];

beforeAll(async () => {
  stack = await startOidcStack({ AUTH_OIDC_ALLOW_PRIVATE: 'true' });
  operator = stack.workloadToken('admin');
  for (let i = 0; i < 3; i++) receivers.push(await new BackchannelReceiver().start());
}, 90_000);
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  await stack?.stop();
});

const REDIRECT = 'https://rp.example/callback';
const LOGGED_OUT = 'https://rp.example/logged-out';
const EVENT = 'http://schemas.openid.net/event/backchannel-logout';
const insecure = { execute: [oidc.allowInsecureRequests] };

/** An application with a back-channel logout URI at `receiver` (sid asked for), and its openid-client view. */
async function application(receiver: BackchannelReceiver) {
  const { clientId, clientSecret } = await stack.registerClient({
    client_name: 'Back-channel app',
    redirect_uris: [REDIRECT],
    post_logout_redirect_uris: [LOGGED_OUT],
    grant_types: ['authorization_code', 'refresh_token'],
    first_party: true,
    backchannel_logout_uri: receiver.uri,
    backchannel_logout_session_required: true,
  });
  const secret = clientSecret as string;
  const config = await oidc.discovery(
    new URL(stack.issuer),
    clientId,
    { client_secret: secret },
    oidc.ClientSecretBasic(secret),
    insecure,
  );
  return { clientId, config, receiver };
}

/** A code flow with a refresh token (offline_access) in `browser`, logging in as `name` when asked. */
async function signIn(app: Awaited<ReturnType<typeof application>>, browser: PageBrowser, name: string) {
  const verifier = oidc.randomPKCECodeVerifier();
  const url = oidc.buildAuthorizationUrl(app.config, {
    redirect_uri: REDIRECT,
    scope: 'openid offline_access',
    prompt: 'consent',
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  });
  const back = await authorizeInBrowser(browser, url.href, name);
  const tokens = await oidc.authorizationCodeGrant(app.config, back, { pkceCodeVerifier: verifier });
  expect(tokens.refresh_token).toBeTruthy();
  return tokens;
}

/** The logout tokens `receiver` got for `clientId`. */
const logoutsOf = (receiver: BackchannelReceiver, clientId: string): ReceivedLogout[] =>
  receiver.received.filter((r) => decodeJwt(r.token).aud === clientId);

/** Waits (a deadline, polled) for the one logout token of `clientId`, and verifies it against the JWKS. */
async function loggedOutOf(app: Awaited<ReturnType<typeof application>>, sub: string) {
  const got = await until(() => logoutsOf(app.receiver, app.clientId)[0], {
    ms: 5000,
    everyMs: 20,
    what: `a logout_token for ${app.clientId}`,
  });
  const jwks = createRemoteJWKSet(new URL(`${stack.issuer}/oidc/jwks`));
  const { payload } = await jwtVerify(got.token, jwks, {
    issuer: stack.issuer,
    audience: app.clientId,
    typ: 'logout+jwt',
  });
  expect(payload.sub).toBe(sub);
  expect(payload.sid).toEqual(expect.any(String));
  expect(payload.events).toEqual({ [EVENT]: {} });
  expect(payload.nonce).toBeUndefined();
  expect(payload.jti).toEqual(expect.any(String));
  return { ...got, claims: payload };
}

async function refused(app: Awaited<ReturnType<typeof application>>, refreshToken: string | undefined) {
  await expect(oidc.refreshTokenGrant(app.config, refreshToken as string)).rejects.toMatchObject({
    error: 'invalid_grant',
  });
}

async function admin(method: string, path: string, body?: unknown) {
  const res = await fetch(`${stack.adminUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${operator}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as unknown };
}

describe('back-channel logout', () => {
  it("logs one browser session out of three applications within 1 s of an admin's block", async () => {
    const apps = await Promise.all(receivers.map((r) => application(r)));
    const browser = new PageBrowser(stack.issuer);
    const tokens = [];
    for (const app of apps) tokens.push(await signIn(app, browser, 'bcl-blocked'));
    const sub = tokens[0]?.claims()?.sub as string;
    expect(sub).toBe(userId('dev', 'bcl-blocked'));
    // One provider session, three clients in it: each ID token has its own sid.
    const sids = tokens.map((t) => t.claims()?.sid);
    expect(new Set(sids).size).toBe(3);

    const blockedFrom = Date.now();
    const blocked = await admin('POST', `/admin/v1/users/${sub}/block`, { reason: 'test' });
    const blockedAt = Date.now();
    expect(blocked).toEqual({ status: 200, json: { ended: 1 } });

    for (const [i, app] of apps.entries()) {
      const got = await loggedOutOf(app, sub);
      // Within a second of the block (its answer, which does not wait for them), as the issue asks.
      expect(got.atMs - blockedAt).toBeLessThanOrEqual(1000);
      expect((got.claims.iat as number) * 1000).toBeGreaterThanOrEqual(Math.floor(blockedFrom / 1000) * 1000);
      expect(got.claims.sid).toBe(sids[i]);
      expect(logoutsOf(app.receiver, app.clientId)).toHaveLength(1);
      await refused(app, tokens[i]?.refresh_token);
    }
    // Nothing of the session is left: no provider session or refresh token of the user. The grants (the
    // user's consent, which their other sessions share) stay.
    const left = await stack.sql<{ model: string }>(
      "SELECT model FROM auth.oidc_payloads WHERE account_id = $1 AND model IN ('Session', 'Grant', 'RefreshToken')",
      [sub],
    );
    expect(left.map((r) => r.model)).toEqual(['Grant', 'Grant', 'Grant']);
  });

  it('logs out by a plain logout (/auth/logout)', async () => {
    const app = await application(receivers[0] as BackchannelReceiver);
    const browser = new PageBrowser(stack.issuer);
    const tokens = await signIn(app, browser, 'bcl-logout');
    expect((await browser.send('GET', '/auth/logout')).status).toBe(200);
    await loggedOutOf(app, userId('dev', 'bcl-logout'));
    await refused(app, tokens.refresh_token);
  });

  it("logs out the user's other sessions when TOTP is turned on", async () => {
    const app = await application(receivers[1] as BackchannelReceiver);
    const signedIn = new PageBrowser(stack.issuer);
    const tokens = await signIn(app, signedIn, 'bcl-totp');
    const other = await loggedIn(stack.issuer, 'bcl-totp');
    const { secret } = (await other.send('POST', '/auth/totp/setup')).json() as { secret: string };
    const activated = await other.send('POST', '/auth/totp/activate', { code: await totpCode(secret, -1) });
    expect(activated.status).toBe(200);
    await loggedOutOf(app, userId('dev', 'bcl-totp'));
    await refused(app, tokens.refresh_token);
    // The session that turned it on signed into nothing and stays.
    expect((await other.send('GET', '/auth/user')).status).toBe(200);
  });

  it("logs out the user's other sessions at an unlink", async () => {
    const app = await application(receivers[2] as BackchannelReceiver);
    const signedIn = new PageBrowser(stack.issuer);
    const tokens = await signIn(app, signedIn, 'bcl-unlink');
    const other = await loggedIn(stack.issuer, 'bcl-unlink');
    expect((await other.devLink('bcl-unlink-second')).status).toBe(200);
    const unlinked = await other.send('DELETE', `/auth/identities/${userId('dev', 'bcl-unlink-second')}`);
    expect(unlinked.status).toBe(200);
    expect(unlinked.json()).toEqual({ ended_sessions: 1 });
    await loggedOutOf(app, userId('dev', 'bcl-unlink'));
    await refused(app, tokens.refresh_token);
  });
});

describe('RP-initiated logout', () => {
  it('refuses an unregistered post-logout URI, and after the confirmation ends the Gatehouse session too', async () => {
    const app = await application(receivers[0] as BackchannelReceiver);
    const browser = new PageBrowser(stack.issuer);
    const tokens = await signIn(app, browser, 'bcl-rp');
    const sub = userId('dev', 'bcl-rp');
    const idToken = tokens.id_token as string;

    const unregistered = oidc.buildEndSessionUrl(app.config, {
      id_token_hint: idToken,
      post_logout_redirect_uri: 'https://elsewhere.example/',
    });
    const refusedPage = await browser.request('GET', unregistered.href, { headers: { accept: 'text/html' } });
    expect(refusedPage.status).toBe(400);
    expect(refusedPage.text).toContain('post_logout_redirect_uri not registered');
    expect((await browser.send('GET', '/auth/user')).status).toBe(200);

    const state = oidc.randomState();
    const endUrl = oidc.buildEndSessionUrl(app.config, {
      id_token_hint: idToken,
      post_logout_redirect_uri: LOGGED_OUT,
      state,
    });
    // "Stay logged in": out of this application only; the Gatehouse session stays.
    const stay = await confirm(browser, endUrl.href, false);
    expect(stay.status).toBe(303);
    expect(new URL(stay.headers.get('location') as string).origin).toBe('https://rp.example');
    expect((await browser.send('GET', '/auth/user')).status).toBe(200);

    // Signed in again, then "Log out": back to the registered URI with the state, the application told,
    // the refresh token refused, and the browser's Gatehouse session ended (its cookies cleared).
    const again = await signIn(app, browser, 'bcl-rp');
    const before = logoutsOf(app.receiver, app.clientId).length;
    const jwt = (await browser.cookie('JWT')) as string;
    const out = await confirm(
      browser,
      oidc.buildEndSessionUrl(app.config, {
        id_token_hint: again.id_token as string,
        post_logout_redirect_uri: LOGGED_OUT,
        state,
      }).href,
      true,
    );
    expect(out.status).toBe(303);
    const back = new URL(out.headers.get('location') as string);
    expect(`${back.origin}${back.pathname}`).toBe(LOGGED_OUT);
    expect(back.searchParams.get('state')).toBe(state);
    expect(out.headers.get('x-gatehouse-session-ended')).toBeNull();
    expect(await browser.cookie('JWT')).toBeUndefined();
    expect((await new PageBrowser(stack.issuer).get('/auth/user', { 'x-jwt': jwt })).status).toBe(401);
    await until(
      async () => (await new PageBrowser(stack.second.url).get('/auth/user', { 'x-jwt': jwt })).status === 401,
      {
        ms: 5000,
        what: 'the other gateway to refuse the ended session',
      },
    );
    await until(() => logoutsOf(app.receiver, app.clientId).length > before, { ms: 5000, what: 'the logout token' });
    await refused(app, again.refresh_token);
    const ended = await stack.sql<{ data: { reason: string } }>(
      "SELECT data FROM events.events WHERE type = 'session.ended' AND subject_user = $1",
      [sub],
    );
    expect(ended.map((e) => e.data.reason)).toContain('logout');

    // The next authorization asks for a login: the browser is not signed straight back in.
    const next = oidc.buildAuthorizationUrl(app.config, {
      redirect_uri: REDIRECT,
      scope: 'openid',
      code_challenge: await oidc.calculatePKCECodeChallenge(oidc.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
    });
    const toInteraction = await browser.request('GET', next.href);
    expect(toInteraction.status).toBe(303);
    const page = await browser.request('GET', toInteraction.headers.get('location') as string);
    expect(page.text).toContain('/auth/dev/login?from=');
  });
});

describe('a login as someone else at the gateway', () => {
  it("throws the old user's provider session away (its applications told) and keeps the new user's session", async () => {
    const app = await application(receivers[1] as BackchannelReceiver);
    const browser = new PageBrowser(stack.issuer);
    await signIn(app, browser, 'bcl-first');
    expect((await browser.devLogin('bcl-second')).status).toBe(200);
    // The next authorization logs the new user in; the library first logs the provider session of the
    // first user out through its own end-session confirm step (a form the page posts itself).
    const verifier = oidc.randomPKCECodeVerifier();
    const url = oidc.buildAuthorizationUrl(app.config, {
      redirect_uri: REDIRECT,
      scope: 'openid',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    });
    let next = url.href;
    let posted = 0;
    for (let hops = 0; hops < 20 && new URL(next, stack.issuer).origin === stack.issuer; hops++) {
      const res = await browser.request('GET', next);
      const form = /<form method="post" action="([^"]+)">([\s\S]*?)<noscript>/.exec(res.text);
      if (res.status === 200 && form) {
        const inputs = [...(form[2] as string).matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], m[2]]);
        const answer = await browser.request('POST', form[1] as string, {
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(inputs as [string, string][]).toString(),
        });
        posted++;
        next = answer.headers.get('location') as string;
        continue;
      }
      expect([302, 303]).toContain(res.status);
      next = res.headers.get('location') as string;
    }
    expect(posted).toBe(1);
    const tokens = await oidc.authorizationCodeGrant(app.config, new URL(next), { pkceCodeVerifier: verifier });
    expect(tokens.claims()?.sub).toBe(userId('dev', 'bcl-second'));
    await loggedOutOf(app, userId('dev', 'bcl-first'));
    expect(await browser.userId()).toBe(userId('dev', 'bcl-second'));
  });
});

/** The provider's logout page at `url`, confirmed ("Log out") or not ("Stay logged in"): the confirm's answer. */
async function confirm(browser: PageBrowser, url: string, logout: boolean) {
  const page = await browser.request('GET', url, { headers: { accept: 'text/html' } });
  expect(page.status).toBe(200);
  const action = /<form id="op.logoutForm" method="post" action="([^"]+)"/.exec(page.text)?.[1] as string;
  const xsrf = /name="xsrf" value="([^"]+)"/.exec(page.text)?.[1] as string;
  expect(action).toBe(`${stack.issuer}/oidc/session/end/confirm`);
  const form = new URLSearchParams({ xsrf, ...(logout ? { logout: 'yes' } : {}) });
  return browser.request('POST', action, {
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    body: form.toString(),
  });
}
