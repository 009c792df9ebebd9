// Devices without a browser (issue 45, RFC 8628), driven by openid-client as a device would, against the
// real stack: the device authorization answer names the gateway's page and the interval; the user, logged
// in at the gateway, approves the code (GET and POST /auth/device, as the page's script and scripts call
// them) and the device gets the approving user's tokens, or denies it and the device gets access_denied;
// polling too fast gets slow_down; an expired, used or another session's code is refused; wrong codes are
// limited; the page itself in headless Chromium.
import type { Answer, Browser } from '@gatehouse/test-kit/browser';
import * as oidc from 'openid-client';
import { itWithChromium, launchChromium } from './chromium';
import { loggedIn, type PageBrowser } from './directory-stack';
import { type OidcStack, startOidcStack } from './oidc-stack';
import { AnswerChecker, type Document } from './openapi-answers';

let stack: OidcStack;
let device: { clientId: string; config: oidc.Configuration };
/** Every answer of /auth/device here is checked against the gateway's OpenAPI document. */
let checker: AnswerChecker;
const departures: string[] = [];
beforeAll(async () => {
  // A short interval keeps each poll of openid-client (it waits the interval first) to a second.
  stack = await startOidcStack({ AUTH_OIDC_DEVICE_POLL_INTERVAL: '1s' });
  const { clientId } = await stack.registerClient({
    client_name: 'Living-room TV',
    grant_types: [DEVICE_GRANT, 'refresh_token'],
    response_types: [],
    token_endpoint_auth_method: 'none',
  });
  device = { clientId, config: await discover(clientId) };
  checker = new AnswerChecker((await (await fetch(`${stack.issuer}/openapi.json`)).json()) as Document);
}, 90_000);
afterAll(async () => {
  await stack?.stop();
});

const DEVICE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';

function discover(clientId: string) {
  return oidc.discovery(new URL(stack.issuer), clientId, undefined, oidc.None(), {
    execute: [oidc.allowInsecureRequests],
  });
}

/** One poll of the token endpoint, as a device sends it (openid-client hides the pending answers). */
async function poll(deviceCode: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${stack.issuer}/oidc/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: DEVICE_GRANT, device_code: deviceCode, client_id: device.clientId }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

function checked(method: string, path: string, answer: Answer): Answer {
  departures.push(...checker.problems(method, `${stack.issuer}${path}`, answer));
  return answer;
}
async function show(b: PageBrowser, code: string): Promise<Answer> {
  const path = `/auth/device?user_code=${encodeURIComponent(code)}`;
  return checked('GET', path, await b.send('GET', path));
}
async function decide(b: PageBrowser, code: string, action: string): Promise<Answer> {
  return checked('POST', '/auth/device', await b.send('POST', '/auth/device', { user_code: code, action }));
}

describe('the device authorization answer', () => {
  it("names the gateway's page, the code in it, and the polling interval", async () => {
    const started = await oidc.initiateDeviceAuthorization(device.config, { scope: 'openid' });
    expect(started.user_code).toMatch(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/);
    expect(started.verification_uri).toBe(`${stack.issuer}/device`);
    expect(started.verification_uri_complete).toBe(
      `${stack.issuer}/device?user_code=${encodeURIComponent(started.user_code)}`,
    );
    expect(started.interval).toBe(1);
    expect(started.expires_in).toBeGreaterThan(500);
    const meta = (await (await fetch(`${stack.issuer}/.well-known/openid-configuration`)).json()) as {
      device_authorization_endpoint: string;
      grant_types_supported: string[];
    };
    expect(meta.device_authorization_endpoint).toBe(`${stack.issuer}/oidc/device/auth`);
    expect(meta.grant_types_supported).toContain(DEVICE_GRANT);
  });

  it("sends a browser at the library's own page on to the gateway's", async () => {
    const res = await fetch(`${stack.issuer}/oidc/device?user_code=BCDF-GHJK`, { redirect: 'manual' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${stack.issuer}/device?user_code=BCDF-GHJK`);
    // The device authorization endpoint's path is the shape of the library's page of a code named
    // "auth": anything but its POST (and a preflight) goes to the page too, not to a 500 (found by fuzzing).
    for (const method of ['GET', 'HEAD']) {
      const other = await fetch(`${stack.issuer}/oidc/device/auth`, { method, redirect: 'manual' });
      expect([method, other.status, other.headers.get('location')]).toEqual([method, 303, `${stack.issuer}/device`]);
    }
    expect((await fetch(`${stack.issuer}/oidc/device/auth`, { method: 'PUT' })).status).toBe(405);
    // A HEAD keeps the provider's status (it was 204 for every answer).
    const head = await fetch(`${stack.issuer}/.well-known/openid-configuration`, { method: 'HEAD' });
    expect([head.status, await head.text()]).toEqual([200, '']);
  });
});

describe('approving', () => {
  it("gives the device the approving user's tokens: ID token, userinfo, a refresh token that works", async () => {
    const started = await oidc.initiateDeviceAuthorization(device.config, { scope: 'openid profile offline_access' });
    const alice = await loggedIn(stack.issuer, 'device-alice');
    // As a person types it: lower case, no dash.
    const typed = started.user_code.replace('-', '').toLowerCase();
    const shown = await show(alice, typed);
    expect(shown.status).toBe(200);
    expect(shown.json()).toMatchObject({
      user_code: started.user_code,
      client_id: device.clientId,
      client_name: 'Living-room TV',
      scopes: ['openid', 'profile', 'offline_access'],
      resources: [],
    });
    const approved = await decide(alice, typed, 'approve');
    expect(approved.status).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved', client_name: 'Living-room TV' });

    const tokens = await oidc.pollDeviceAuthorizationGrant(device.config, started);
    const claims = tokens.claims();
    expect(claims?.sub).toBe(await alice.userId());
    expect(claims?.aud).toBe(device.clientId);
    expect(claims?.acr).toBe('urn:gatehouse:acr:1fa');
    expect(typeof claims?.auth_time).toBe('number');
    const me = await oidc.fetchUserInfo(device.config, tokens.access_token, claims?.sub as string);
    expect(me).toMatchObject({ name: 'device-alice' });
    expect(tokens.refresh_token).toBeTruthy();
    const refreshed = await oidc.refreshTokenGrant(device.config, tokens.refresh_token as string);
    expect(refreshed.access_token).toBeTruthy();
    // The device code was redeemed: presented again it is refused.
    expect((await poll(started.device_code)).body.error).toBe('invalid_grant');
  });

  it('without offline_access: tokens bound to the approval, no refresh token', async () => {
    const started = await oidc.initiateDeviceAuthorization(device.config, { scope: 'openid profile' });
    const bob = await loggedIn(stack.issuer, 'device-bob');
    expect((await decide(bob, started.user_code, 'approve')).status).toBe(200);
    const tokens = await oidc.pollDeviceAuthorizationGrant(device.config, started);
    expect(tokens.claims()?.sub).toBe(await bob.userId());
    expect(tokens.refresh_token).toBeUndefined();
    const sub = tokens.claims()?.sub as string;
    const me = await oidc.fetchUserInfo(device.config, tokens.access_token, sub);
    expect(me.name).toBe('device-bob');
    // The approval is a provider login of bob's Gatehouse session (its jti is the XSRF value), found
    // through oidc_session_links as every other, and the device's tokens live with its provider session:
    // when a logout ends that, they end too.
    const links = await stack.sql('SELECT account_id FROM auth.oidc_session_links WHERE gateway_jti = $1', [
      await bob.xsrf(),
    ]);
    expect(links).toEqual([{ account_id: sub }]);
    const sessions = await stack.sql<{ id: string }>(
      "SELECT id FROM auth.oidc_payloads WHERE model = 'Session' AND account_id = $1",
      [sub],
    );
    expect(sessions).toHaveLength(1);
    await stack.sql("DELETE FROM auth.oidc_payloads WHERE model = 'Session' AND id = $1", [sessions[0]?.id]);
    await expect(oidc.fetchUserInfo(device.config, tokens.access_token, sub)).rejects.toThrow();
  });

  it('refuses a one-factor session when the device asks for two factors', async () => {
    const started = await oidc.initiateDeviceAuthorization(device.config, {
      scope: 'openid',
      acr_values: 'urn:gatehouse:acr:2fa',
    });
    const carol = await loggedIn(stack.issuer, 'device-carol');
    const refused = await decide(carol, started.user_code, 'approve');
    expect(refused.status).toBe(403);
    expect(refused.json()).toEqual({ error: expect.stringContaining('two factors') });
    expect((await poll(started.device_code)).body.error).toBe('authorization_pending');
  });
});

describe('denying', () => {
  it('answers the device access_denied', async () => {
    const started = await oidc.initiateDeviceAuthorization(device.config, { scope: 'openid' });
    const dave = await loggedIn(stack.issuer, 'device-dave');
    const denied = await decide(dave, started.user_code, 'deny');
    expect(denied.status).toBe(200);
    expect(denied.json()).toMatchObject({ status: 'denied' });
    await expect(oidc.pollDeviceAuthorizationGrant(device.config, started)).rejects.toMatchObject({
      error: 'access_denied',
    });
  });
});

describe('polling', () => {
  it('faster than the interval gets slow_down, and the interval grows by 5 s each time', async () => {
    const started = await oidc.initiateDeviceAuthorization(device.config, { scope: 'openid' });
    expect(await poll(started.device_code)).toMatchObject({ status: 400, body: { error: 'authorization_pending' } });
    const second = await poll(started.device_code);
    expect(second).toMatchObject({ status: 400, body: { error: 'slow_down' } });
    expect(second.body.error_description).toContain('6 seconds');
    const third = await poll(started.device_code);
    expect(third.body).toMatchObject({ error: 'slow_down', error_description: expect.stringContaining('11 seconds') });
  });
});

describe('refusals', () => {
  it('an expired code: 410 on the page, expired_token to the device', async () => {
    const started = await oidc.initiateDeviceAuthorization(device.config, { scope: 'openid' });
    await stack.sql(
      `UPDATE auth.oidc_payloads SET expires_at = now() - interval '1 second',
              payload = jsonb_set(payload, '{exp}', to_jsonb(extract(epoch FROM now())::int - 1))
        WHERE model = 'DeviceCode' AND id = $1`,
      [started.device_code],
    );
    const erin = await loggedIn(stack.issuer, 'device-erin');
    const refused = await decide(erin, started.user_code, 'approve');
    expect(refused.status).toBe(410);
    expect(refused.json()).toEqual({ error: 'this code has expired: start again on the device' });
    expect(await poll(started.device_code)).toMatchObject({ status: 400, body: { error: 'expired_token' } });
  });

  it('a code is bound to the session that opens it, and decided once', async () => {
    const started = await oidc.initiateDeviceAuthorization(device.config, { scope: 'openid' });
    const frank = await loggedIn(stack.issuer, 'device-frank');
    const grace = await loggedIn(stack.issuer, 'device-grace');
    expect((await show(frank, started.user_code)).status).toBe(200);
    // Another session (another user's, or the same user's elsewhere) may neither see nor decide it.
    for (const answer of [await show(grace, started.user_code), await decide(grace, started.user_code, 'approve')]) {
      expect(answer.status).toBe(409);
      expect(answer.json()).toEqual({ error: 'this code was opened in another session' });
    }
    expect((await decide(frank, started.user_code, 'approve')).status).toBe(200);
    for (const action of ['approve', 'deny']) {
      const again = await decide(frank, started.user_code, action);
      expect(again.status).toBe(409);
      expect(again.json()).toEqual({ error: 'this code has been used already' });
    }
    const tokens = await oidc.pollDeviceAuthorizationGrant(device.config, started);
    expect(tokens.claims()?.sub).toBe(await frank.userId());
  });

  it('wrong codes: 404 each, then 429 for the session', async () => {
    const heidi = await loggedIn(stack.issuer, 'device-heidi');
    for (let i = 0; i < 10; i++) {
      const wrong = await show(heidi, 'ZZZZ-ZZZZ');
      expect(wrong.status).toBe(404);
    }
    const limited = await decide(heidi, 'ZZZZ-ZZZZ', 'approve');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.json()).toEqual({ error: 'too many wrong codes: try again later' });
    // Even a right code waits: the limit is on the session, whatever it types next.
    const started = await oidc.initiateDeviceAuthorization(device.config, { scope: 'openid' });
    expect((await show(heidi, started.user_code)).status).toBe(429);
    // Another session from the same address still may (the address allows more).
    expect((await show(await loggedIn(stack.issuer, 'device-ivan'), started.user_code)).status).toBe(200);
  });

  it('a malformed code is a 400 and counts nothing; a session is required, with its XSRF header', async () => {
    const judy = await loggedIn(stack.issuer, 'device-judy');
    const malformed = await show(judy, 'AAAA-1111');
    expect(malformed.status).toBe(400);
    const started = await oidc.initiateDeviceAuthorization(device.config, { scope: 'openid' });
    const body = JSON.stringify({ user_code: started.user_code, action: 'approve' });
    const noXsrf = checked(
      'POST',
      '/auth/device',
      await (judy as Browser).request('POST', '/auth/device', {
        headers: { 'content-type': 'application/json' },
        body,
      }),
    );
    expect(noXsrf.status).toBe(401);
    const anonymous = await fetch(`${stack.issuer}/auth/device`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(anonymous.status).toBe(401);
    const badAction = await decide(judy, started.user_code, 'maybe');
    expect(badAction.status).toBe(400);
    expect((await poll(started.device_code)).body.error).toBe('authorization_pending');
  });
});

describe('the page at /device', () => {
  itWithChromium(
    'asks to log in first, comes back with the code, shows the client and scopes, approves',
    async () => {
      const started = await oidc.initiateDeviceAuthorization(device.config, { scope: 'openid profile' });
      const chromium = await launchChromium();
      try {
        const page = await chromium.context.newPage();
        page.setDefaultTimeout(10_000);
        await page.goto(started.verification_uri_complete as string);
        await page.locator('#device-login').waitFor({ state: 'visible' });
        await page.getByRole('link', { name: 'dev', exact: true }).click();
        await page.getByLabel('User name').fill('device-page-kim');
        await page.getByRole('button', { name: 'Log in' }).click();
        await page.waitForURL(started.verification_uri_complete as string);
        await page.locator('#device-confirm').waitFor({ state: 'visible' });
        expect(await page.locator('#device-client').textContent()).toBe('Living-room TV');
        expect(await page.locator('#device-shown-code').textContent()).toBe(started.user_code);
        expect(await page.locator('#device-scopes li').allTextContents()).toEqual([
          'know who you are (your Gatehouse user id)',
          'see your name and picture',
        ]);
        await page.getByRole('button', { name: 'Approve' }).click();
        await page.getByText('Approved: Living-room TV on your device is signed in as you.').waitFor();
      } finally {
        await chromium.close();
      }
      const tokens = await oidc.pollDeviceAuthorizationGrant(device.config, started);
      const me = await oidc.fetchUserInfo(device.config, tokens.access_token, tokens.claims()?.sub as string);
      expect(me.name).toBe('device-page-kim');
    },
    60_000,
  );

  itWithChromium(
    'typed by hand: a wrong code is said, a right one shown',
    async () => {
      const started = await oidc.initiateDeviceAuthorization(device.config, { scope: 'openid' });
      const chromium = await launchChromium();
      try {
        const page = await chromium.context.newPage();
        page.setDefaultTimeout(10_000);
        await page.goto(`${stack.issuer}/device`);
        await page.getByRole('link', { name: 'dev', exact: true }).click();
        await page.getByLabel('User name').fill('device-page-lee');
        await page.getByRole('button', { name: 'Log in' }).click();
        await page.waitForURL(`${stack.issuer}/device`);
        await page.getByLabel('Code shown on your device').fill('BBBB-BBBB');
        await page.getByRole('button', { name: 'Continue' }).click();
        await page.getByText('No such code: check it on the device.').waitFor();
        await page.getByLabel('Code shown on your device').fill(started.user_code);
        await page.getByRole('button', { name: 'Continue' }).click();
        await page.getByRole('button', { name: 'Deny' }).click();
        await page.getByText('Denied: Living-room TV was not given access.').waitFor();
      } finally {
        await chromium.close();
      }
      expect((await poll(started.device_code)).body.error).toBe('access_denied');
    },
    60_000,
  );
});

it('every answer of /auth/device kept to the OpenAPI document', () => {
  expect(departures).toEqual([]);
  expect([...(checker.seen.get('GET /auth/device') ?? [])].sort()).toEqual([200, 400, 404, 409, 429]);
  expect([...(checker.seen.get('POST /auth/device') ?? [])].sort()).toEqual([200, 400, 401, 403, 409, 410, 429]);
});
