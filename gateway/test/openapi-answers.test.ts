// Real answers of a running gateway (real auth, avatar and payment processes, Postgres, the dev
// processor) against the OpenAPI document it serves at /openapi.json: every route family, successes
// and refusals, through the typed client (@gatehouse/client) where a client would call, and raw
// requests where a client cannot go wrong (broken JSON, missing XSRF, odd methods, forged tokens).

import { Browser } from '@gatehouse/test-kit/browser';
import { totpCode } from '@gatehouse/test-kit/totp-code';
import { Validator } from '@seriousme/openapi-schema-validator';
import { ADMIN_PASSWORD, CheckedBrowser, type OpenApiStack, startOpenApiStack } from './openapi-stack';

/** As openapi-routes.test.ts: routes of branches not merged yet. */
const NOT_YET_SERVED: string[] = [];

let api: OpenApiStack;

beforeAll(async () => {
  api = await startOpenApiStack();
}, 90_000);

afterAll(async () => {
  await api?.stop();
});

const json = { 'content-type': 'application/json' };

async function loggedIn(name: string): Promise<CheckedBrowser> {
  const browser = new CheckedBrowser(api);
  expect((await browser.devLogin(name)).status).toBe(200);
  return browser;
}

test('the served document validates as OpenAPI 3.1', async () => {
  const validator = new Validator();
  expect(await validator.validate(api.document as never)).toEqual({ valid: true });
});

test('auth routes: list, status, user, login, callback, logout', async () => {
  const anonymous = new CheckedBrowser(api);
  const gh = anonymous.client();
  expect((await gh.GET('/auth/list')).data).toEqual(expect.arrayContaining(['dev', 'local', 'passkey']));
  expect((await gh.GET('/auth/status')).data).toEqual({ status: 'not logged in' });
  expect((await gh.GET('/auth/user')).response.status).toBe(401);
  const forged = anonymous.client({ 'X-JWT': 'eyJhbGciOiJFUzI1NiJ9.e30.AAAA' });
  expect((await forged.GET('/auth/user')).error).toEqual({ error: expect.any(String) });
  expect((await anonymous.get('/auth/bad$name/login')).status).toBe(400);
  expect([400, 404]).toContain((await anonymous.get('/auth/nosuch/login')).status);
  expect((await anonymous.request('POST', '/auth/dev/login')).status).toBe(302);
  expect((await anonymous.get('/auth/logout')).status).toBe(403);

  const browser = await loggedIn('openapi-ann');
  const client = browser.client();
  const { data: user } = await client.GET('/auth/user');
  expect(user).toMatchObject({ name: 'openapi-ann', id: expect.stringMatching(/^dev_/) });
  expect((await client.GET('/auth/status')).data).toEqual({ status: 'logged in', user: 'openapi-ann' });
  expect((await browser.get('/auth/user')).status).toBe(401); // the cookie without its XSRF header
  expect((await browser.get('/auth/dev/logout')).status).toBe(403);
  expect((await browser.getWithXsrf('/auth/dev/logout')).status).toBe(200);

  const again = new CheckedBrowser(api);
  expect((await again.devLogin('openapi-ann', `?from=${encodeURIComponent(`${api.stack.url}/`)}`)).status).toBe(303);
  expect((await again.getWithXsrf('/auth/logout')).status).toBe(200);

  const basic = anonymous.client({
    Authorization: `Basic ${Buffer.from(`admin:${ADMIN_PASSWORD}`).toString('base64')}`,
  });
  expect((await basic.GET('/auth/user')).data).toMatchObject({ id: 'admin', attrs: { admin: true } });
});

test('a direct provider through the login-handler routes, its refusals and its limit', async () => {
  const browser = new CheckedBrowser(api);
  const gh = browser.client();
  const form = { 'content-type': 'application/x-www-form-urlencoded' };
  const ok = await browser.request('POST', '/auth/local/login', { headers: form, body: 'user=alice&passwd=alice-pw' });
  expect(ok.status).toBe(200);
  expect((await gh.GET('/auth/{provider}/callback', { params: { path: { provider: 'local' } } })).data).toBe('');
  expect((await browser.request('POST', '/auth/local/callback')).status).toBe(200);
  expect((await browser.request('POST', '/auth/local/logout')).status).toBe(403);
  expect((await gh.POST('/auth/{provider}/logout', { params: { path: { provider: 'local' } } })).response.status).toBe(
    200,
  );
  const broken = await browser.request('POST', '/auth/local/login', { headers: json, body: '{"user":' });
  expect(broken.status).toBe(400);
  const wrong = () =>
    gh.GET('/auth/{provider}/login', { params: { path: { provider: 'local' }, query: { user: 'bob', passwd: 'no' } } });
  expect((await wrong()).response.status).toBe(403);
  expect((await wrong()).response.status).toBe(403);
  const limited = await wrong();
  expect(limited.response.status).toBe(429);
  expect(limited.response.headers.get('retry-after')).toMatch(/^\d+$/);
});

test('passkey routes: options, registration refusals, list, removal, login', async () => {
  const browser = await loggedIn('openapi-pia');
  const gh = browser.client();
  const options = await gh.POST('/auth/passkey/register/options');
  expect(options.data).toMatchObject({ challenge: expect.any(String) });
  const verify = await gh.POST('/auth/passkey/register/verify', { body: { response: { id: 'x' } } });
  expect(verify.response.status).toBe(400);
  expect((await gh.GET('/auth/passkey/list')).data).toEqual([]);
  const missing = await browser.request('POST', '/auth/passkey/remove', {
    headers: { ...json, 'x-xsrf-token': await browser.xsrf() },
    body: '{}',
  });
  expect(missing.status).toBe(400);
  expect([200, 404]).toContain(
    (await gh.POST('/auth/passkey/remove', { body: { id: 'no-such-key' } })).response.status,
  );
  const token = (await browser.cookie('JWT')) as string;
  const borrowed = new CheckedBrowser(api).client({ 'X-JWT': token });
  expect((await borrowed.POST('/auth/passkey/register/options')).response.status).toBe(403);
  expect((await new CheckedBrowser(api).client().GET('/auth/passkey/list')).response.status).toBe(401);

  const anonymous = new CheckedBrowser(api).client();
  expect((await anonymous.POST('/auth/passkey/login/options')).data).toMatchObject({ challenge: expect.any(String) });
  const login = await anonymous.POST('/auth/passkey/login/verify', {
    body: { response: { id: 'nope', type: 'public-key' } },
  });
  expect([400, 401]).toContain(login.response.status);
  const text = await new CheckedBrowser(api).request('POST', '/auth/passkey/login/verify', {
    headers: { 'content-type': 'text/plain' },
    body: 'x',
  });
  expect([400, 415]).toContain(text.status);
});

test('avatars, JWKS, health, the page and the document itself', async () => {
  const browser = await loggedIn('openapi-ava');
  const { data: user } = await browser.client().GET('/auth/user');
  const picture = new URL(user?.picture ?? '').pathname;
  const image = await browser.get(picture);
  expect(image.status).toBe(200);
  expect((await browser.request('HEAD', picture)).status).toBe(200);
  expect((await browser.get(picture, { 'if-none-match': image.headers.get('etag') ?? '' })).status).toBe(304);
  expect((await browser.get('/avatar/not-an-id')).status).toBe(403);
  expect((await browser.get(`/avatar/${'0'.repeat(40)}.image`)).status).toBe(404);
  // Not an operation of the document: a plain browser, unchecked.
  expect((await new Browser(api.stack.url).request('POST', picture)).status).toBe(405);

  const gh = browser.client();
  for (const path of ['/auth/jwks.json', '/.well-known/jwks.json'] as const) {
    expect((await gh.GET(path)).data?.keys).toHaveLength(1);
  }
  expect((await gh.GET('/health/live')).data).toEqual({ status: 'live' });
  expect((await gh.GET('/health/ready')).data).toEqual({ status: 'ready' });
  for (const path of [
    '/',
    '/app.js',
    '/api.js',
    '/cards.js',
    '/dom.js',
    '/passkeys.js',
    '/totp.js',
    '/passwords.js',
    '/sessions.js',
    '/identities.js',
    '/grants.js',
    '/orgs.js',
    '/continue.js',
    '/activity.js',
    '/app.css',
  ]) {
    expect((await browser.get(path)).status).toBe(200);
  }
  expect((await gh.GET('/openapi.json')).data?.openapi).toBe('3.1.0');
  const posted = await new Browser(api.stack.url).request('POST', '/openapi.json', { headers: json, body: '{}' });
  expect([posted.status, posted.headers.get('allow')]).toEqual([405, 'HEAD, GET']);
});

test('payment routes: token, cards, loads, and the contract errors', async () => {
  const browser = await loggedIn('openapi-pay');
  const gh = browser.client();
  expect((await gh.POST('/tokens/')).data?.client_token).toEqual(expect.any(String));
  const first = await gh.POST('/cards/', { body: { name: 'Card-1' } });
  expect(first.response.status).toBe(201);
  const id = String(first.data?.id);
  expect((await gh.POST('/cards/', { body: { name: 'Card-2' } })).response.status).toBe(201);
  expect((await gh.POST('/cards/', { body: { name: 'Card-3' } })).error?.errors[0]?.code).toBe('too-many-cards');
  expect((await gh.POST('/cards/', { body: { name: '' } })).response.status).toBe(400);
  const page = await gh.GET('/cards/', { params: { query: { limit: '1' } } });
  expect(page.data?.next).toEqual(expect.any(String));
  expect((await gh.GET('/cards/', { params: { query: { limit: '0' } } })).response.status).toBe(400);

  const load = (amount: string, key?: string, nonce = 'fake-valid-nonce') =>
    gh.POST('/cards/{id}/load/', {
      params: { path: { id }, header: key ? { 'Idempotency-Key': key } : {} },
      body: { nonce, amount },
    });
  expect((await load('10.00', 'openapi-1')).data).toEqual({ status: 'ok', errors: [] });
  const replay = await load('10.00', 'openapi-1');
  expect(replay.response.headers.get('idempotent-replayed')).toBe('true');
  expect((await load('11.00', 'openapi-1')).response.status).toBe(422);
  expect((await load('0.00')).error?.errors[0]?.code).toBe('invalid-amount');
  expect((await load('5.00', undefined, 'fake-processor-declined-visa-nonce')).response.status).toBe(400);
  expect((await load('600.00')).error?.errors[0]?.code).toBe('compliance-1-day');
  const loads = await gh.GET('/cards/{id}/loads/', { params: { path: { id } } });
  expect(loads.data?.loads.length).toBeGreaterThan(0);
  expect((await gh.GET('/cards/{id}/loads/', { params: { path: { id: '999999' } } })).response.status).toBe(404);
  // This month's statement: the loads above, and a closing balance that is the card's.
  const month = new Date().toISOString().slice(0, 7);
  const statement = await gh.GET('/cards/{id}/statements/{month}', { params: { path: { id, month } } });
  expect(statement.response.status).toBe(200);
  expect(
    (await gh.GET('/cards/{id}/statements/{month}', { params: { path: { id, month: '1999-01' } } })).response.status,
  ).toBe(404);
  expect(
    (await gh.GET('/cards/{id}/statements/{month}', { params: { path: { id, month: '2026-13' } } })).response.status,
  ).toBe(400);
  // The card's limits: the programme default, its headroom what the loads above left of it.
  const limits = await gh.GET('/cards/{id}/limits', { params: { path: { id } } });
  expect(limits.response.status).toBe(200);
  const oneDay = limits.data?.limits.find((l) => l.code === 'compliance-1-day');
  expect(oneDay).toMatchObject({ window: '1 day', kind: 'amount', limit: 50_000 });
  expect(oneDay!.headroom).toBe(oneDay!.limit - oneDay!.usage);
  expect((await gh.GET('/cards/{id}/limits', { params: { path: { id: '999999' } } })).response.status).toBe(404);

  const xsrf = { 'x-xsrf-token': await browser.xsrf() };
  const raw = (body: string, headers: Record<string, string> = json) =>
    browser.request('POST', `/cards/${id}/load/`, { headers: { ...headers, ...xsrf }, body });
  expect((await raw('{"nonce": "x", "amount":')).status).toBe(400);
  expect((await raw('nonce=x', { 'content-type': 'text/plain' })).status).toBe(415);
  expect((await raw(JSON.stringify({ nonce: 'x'.repeat(20_000), amount: '1.00' }))).status).toBe(413);
  expect((await browser.get(`/cards/abc/loads/`, xsrf)).status).toBe(404);

  const stranger = (await loggedIn('openapi-other')).client();
  expect((await stranger.GET('/cards/{id}/loads/', { params: { path: { id } } })).response.status).toBe(404);
  const anonymous = new CheckedBrowser(api).client();
  expect((await anonymous.GET('/cards/')).error).toEqual({
    status: 'error',
    errors: [expect.objectContaining({ code: 'http-401' })],
  });
  expect((await anonymous.POST('/tokens/')).response.status).toBe(401);
});

test('money that goes back: one card, a reversal, the processor notification routes', async () => {
  const gh = (await loggedIn('openapi-rev')).client();
  const card = await gh.POST('/cards/', { body: { name: 'Back' } });
  const id = String(card.data?.id);
  expect(
    (
      await gh.POST('/cards/{id}/load/', {
        params: { path: { id } },
        body: { nonce: 'fake-valid-nonce', amount: '8.00' },
      })
    ).response.status,
  ).toBe(200);
  const loadId = String((await gh.GET('/cards/{id}/loads/', { params: { path: { id } } })).data?.loads[0]?.id);
  expect((await gh.GET('/cards/{id}', { params: { path: { id } } })).data).toMatchObject({
    balance: '8.00',
    held: '0.00',
    frozen: false,
  });
  expect((await gh.GET('/cards/{id}', { params: { path: { id: '999999' } } })).response.status).toBe(404);
  const reverse = (body: { amount?: string }, key?: string) =>
    gh.POST('/cards/{id}/loads/{load_id}/reverse', {
      params: { path: { id, load_id: loadId }, header: key ? { 'Idempotency-Key': key } : {} },
      body,
    });
  expect((await reverse({ amount: '1.00' })).response.status).toBe(422);
  expect((await reverse({}, 'openapi-void')).data).toMatchObject({ status: 'ok', balance: '0.00' });
  expect((await reverse({ amount: '8.00' }, 'openapi-void')).response.status).toBe(422);
  expect((await reverse({ amount: '0' })).response.status).toBe(400);

  const anonymous = new CheckedBrowser(api).client();
  const challenge = await anonymous.GET('/payment/webhooks/braintree', {
    params: { query: { bt_challenge: '0123456789abcdef0123' } },
    parseAs: 'text',
  });
  expect(challenge.response.status).toBe(200);
  expect(
    (await anonymous.GET('/payment/webhooks/braintree', { params: { query: { bt_challenge: 'x' } } })).response.status,
  ).toBe(400);
  const posted = await anonymous.POST('/payment/webhooks/braintree', {
    body: { bt_signature: 'a|b', bt_payload: 'c' },
    bodySerializer: (body) => new URLSearchParams(body as Record<string, string>).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(posted.response.status).toBe(403);
});

test('TOTP: status, setup, activation, a login held for its code, new recovery codes, turning it off', async () => {
  const browser = await loggedIn('openapi-tom');
  const gh = browser.client();
  expect((await gh.GET('/auth/totp')).data).toMatchObject({ enabled: false, available: true });
  const setup = await gh.POST('/auth/totp/setup');
  const secret = setup.data?.secret ?? '';
  expect((await gh.POST('/auth/totp/activate', { body: { code: '000000' } })).response.status).toBe(400);
  const code = await totpCode(secret);
  const activated = await gh.POST('/auth/totp/activate', { body: { code } });
  const [first, second] = activated.data?.recovery_codes ?? [];

  const again = new CheckedBrowser(api);
  expect((await again.devLogin('openapi-tom')).json()).toEqual({ second_factor: 'totp' });
  expect((await again.client().GET('/auth/user')).response.status).toBe(401);
  const verified = await again.client().POST('/auth/totp/verify', { body: { recovery_code: first ?? '' } });
  expect(verified.data).toMatchObject({ name: 'openapi-tom' });
  expect((await new CheckedBrowser(api).client().POST('/auth/totp/verify', { body: { code } })).response.status).toBe(
    401,
  );
  const renewed = await again.client().POST('/auth/totp/recovery-codes', { body: { recovery_code: second ?? '' } });
  const [third] = renewed.data?.recovery_codes ?? [];
  expect(renewed.data?.recovery_codes).toHaveLength(10);
  const off = await again.client().DELETE('/auth/totp', { body: { recovery_code: third ?? '' } });
  expect(off.response.status).toBe(204);
});

test('sessions: the list, logging a device out, the others, and the refusals', async () => {
  const laptop = await loggedIn('openapi-sam');
  const phone = await loggedIn('openapi-sam');
  const gh = laptop.client();
  const listed = (await gh.GET('/auth/sessions')).data?.sessions ?? [];
  expect(listed.map((s) => s.current).sort()).toEqual([false, true]);
  const phoneId = listed.find((s) => !s.current)?.id ?? '';
  const del = (id: string) => gh.DELETE('/auth/sessions/{id}', { params: { path: { id } } });
  expect((await del(phoneId)).response.status).toBe(204);
  expect((await phone.client().GET('/auth/sessions')).response.status).toBe(401);
  expect((await del(phoneId)).response.status).toBe(404);
  expect((await del('not-an-id')).response.status).toBe(400);
  expect((await laptop.request('GET', '/auth/sessions')).status).toBe(401); // no XSRF header
  const basic = new CheckedBrowser(api).client({
    Authorization: `Basic ${Buffer.from(`admin:${ADMIN_PASSWORD}`).toString('base64')}`,
  });
  expect((await basic.GET('/auth/sessions')).response.status).toBe(403);
  // The user's own recent activity (GET /auth/events): the logins above and the phone's session ended.
  const activity = (await gh.GET('/auth/events', { params: { query: { limit: 10 } } })).data?.events ?? [];
  expect(activity.map((e) => e.type)).toEqual(expect.arrayContaining(['login.succeeded', 'session.ended']));
  expect((await gh.GET('/auth/events', { params: { query: { limit: 0 } } })).response.status).toBe(400);
  expect((await basic.GET('/auth/events')).response.status).toBe(403);
  await loggedIn('openapi-sam');
  expect((await gh.POST('/auth/sessions/revoke-others')).response.status).toBe(204);
  expect((await gh.GET('/auth/sessions')).data?.sessions).toEqual([expect.objectContaining({ current: true })]);
});

test('identities: the list, unlinking (refused for the last way in), the export', async () => {
  const browser = await loggedIn('openapi-ida');
  const gh = browser.client();
  const { data } = await gh.GET('/auth/identities');
  expect(data?.identities).toEqual([expect.objectContaining({ provider: 'dev', name: 'openapi-ida' })]);
  const id = data?.identities[0]?.id ?? '';
  const last = await gh.DELETE('/auth/identities/{id}', { params: { path: { id } } });
  expect([last.response.status, last.error]).toEqual([409, { error: 'last login method' }]);
  expect((await gh.GET('/auth/me/export')).response.status).toBe(200);
  // A link starts with a call answering the provider's page (its callback is the dev form's).
  const started = await gh.POST('/auth/{provider}/link', { params: { path: { provider: 'dev' } } });
  expect(started.response.status).toBe(200);
  expect(started.data?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
});

test('organisations: create, list, invite, accept (refused without the address), roles, switch, leave', async () => {
  const owner = (await loggedIn('openapi-olga')).client();
  const other = await loggedIn('openapi-oscar');
  const oscar = other.client();
  const made = await owner.POST('/auth/orgs', { body: { name: 'Acme', slug: 'openapi-acme' } });
  expect(made.response.status).toBe(201);
  const id = made.data?.id ?? '';
  expect((await owner.POST('/auth/orgs', { body: { name: 'Again', slug: 'openapi-acme' } })).response.status).toBe(409);
  expect((await owner.GET('/auth/orgs', { params: { query: { limit: 10 } } })).data?.organizations).toHaveLength(1);
  const org = { params: { path: { id } } };
  expect((await owner.GET('/auth/orgs/{id}/members', org)).data?.members).toHaveLength(1);
  expect((await oscar.GET('/auth/orgs/{id}/members', org)).response.status).toBe(403);
  const invited = await owner.POST('/auth/orgs/{id}/invitations', { ...org, body: { email: 'o@x.test', roles: [] } });
  expect([invited.response.status, invited.data?.roles]).toEqual([201, ['member']]);
  const token = invited.data?.token ?? '';
  const notMine = await oscar.POST('/auth/invitations/{token}/accept', { params: { path: { token } } });
  expect(notMine.response.status).toBe(403);
  const none = await oscar.POST('/auth/invitations/{token}/accept', { params: { path: { token: 'x'.repeat(43) } } });
  expect(none.response.status).toBe(404);
  const invitation = { params: { path: { id, invitation_id: invited.data?.id ?? '' } } };
  expect((await owner.DELETE('/auth/orgs/{id}/invitations/{invitation_id}', invitation)).response.status).toBe(204);
  const oscarId = (await oscar.GET('/auth/user')).data?.id ?? '';
  const them = { params: { path: { id, user_id: oscarId } } };
  expect(
    (await owner.PUT('/auth/orgs/{id}/members/{user_id}', { ...them, body: { roles: ['admin'] } })).response.status,
  ).toBe(404);
  expect((await owner.DELETE('/auth/orgs/{id}/members/{user_id}', them)).response.status).toBe(404);
  expect((await owner.POST('/auth/orgs/{id}/transfer', { ...org, body: { user_id: oscarId } })).response.status).toBe(
    404,
  );
  const switched = await owner.POST('/auth/orgs/{id}/switch', org);
  expect([switched.response.status, switched.data?.org]).toEqual([200, id]);
  expect((await owner.POST('/auth/orgs/{id}/leave', org)).response.status).toBe(409);
});

test('devices: the user-code page and its calls (no such code: 404)', async () => {
  for (const path of ['/device', '/device.js']) expect((await new CheckedBrowser(api).get(path)).status).toBe(200);
  const browser = await loggedIn('openapi-device');
  const gh = browser.client();
  const shown = await gh.GET('/auth/device', { params: { query: { user_code: 'BCDF-GHJK' } } });
  expect(shown.response.status).toBe(404);
  const decided = await gh.POST('/auth/device', { body: { user_code: 'BCDF-GHJK', action: 'approve' } });
  expect(decided.response.status).toBe(404);
  // The cookie without its XSRF header (gateway/test/oidc-device.test.ts checks every other answer).
  const body = JSON.stringify({ user_code: 'BCDF-GHJK', action: 'deny' });
  expect((await browser.request('POST', '/auth/device', { headers: json, body })).status).toBe(401);
});

test('grants: the applications a user let in (none yet), a revocation of none, and the refusals', async () => {
  const browser = await loggedIn('openapi-gia');
  const gh = browser.client();
  expect((await gh.GET('/auth/grants')).data).toEqual({ grants: [] });
  const unknown = await gh.DELETE('/auth/grants/{id}', { params: { path: { id: 'nOsUcHgRaNt' } } });
  expect([unknown.response.status, unknown.error]).toEqual([404, { error: 'grant not found' }]);
  const malformed = await gh.DELETE('/auth/grants/{id}', { params: { path: { id: 'a.b' } } });
  expect(malformed.response.status).toBe(400);
  const basic = new CheckedBrowser(api).client({
    Authorization: `Basic ${Buffer.from(`admin:${ADMIN_PASSWORD}`).toString('base64')}`,
  });
  expect((await basic.GET('/auth/grants')).response.status).toBe(403);
});

test('password accounts: sign-up, login, a reset, links refused, a change refused without a password', async () => {
  const anonymous = new CheckedBrowser(api);
  const gh = anonymous.client();
  const password = 'an openapi password';
  const signed = await gh.POST('/auth/password/signup', { body: { email: 'openapi-pia@example.com', password } });
  expect(signed.response.status).toBe(202);
  expect((await gh.POST('/auth/password/signup', { body: { email: 'x', password } })).response.status).toBe(400);
  const wrong = await gh.POST('/auth/password/login', { body: { email: 'openapi-pia@example.com', password: 'nope' } });
  expect(wrong.error).toEqual({ error: 'incorrect email or password' });
  expect((await gh.POST('/auth/password/reset/start', { body: { email: 'nobody@example.com' } })).response.status).toBe(
    202,
  );
  expect((await gh.POST('/auth/password/verify', { body: { token: 'not-a-token' } })).response.status).toBe(400);
  const reset = await gh.POST('/auth/password/reset/complete', { body: { token: 'not-a-token', password } });
  expect(reset.error).toEqual({ error: expect.stringMatching(/link is invalid/) });

  // A dev user has no password account: a change is refused in words, never a 500.
  const dev = (await loggedIn('openapi-pete')).client();
  const change = await dev.POST('/auth/password/change', { body: { current_password: password, password } });
  expect(change.error).toEqual({ error: expect.stringMatching(/no password/) });
  expect((await dev.POST('/auth/password/email', { body: { email: 'pete@example.com' } })).response.status).toBe(400);
  // The dev user adds a password (a password identity linked to them); a second one is refused.
  const add = { email: 'openapi-pete@example.com', password };
  expect((await dev.POST('/auth/password/add', { body: add })).response.status).toBe(202);
  expect((await dev.POST('/auth/password/add', { body: add })).response.status).toBe(409);
});

test('every answer kept to the document, and every documented operation was answered', () => {
  expect(api.problems).toEqual([]);
  const documented = Object.entries(api.document.paths).flatMap(([path, item]) =>
    Object.keys(item)
      .filter((m) => ['get', 'put', 'post', 'delete', 'patch', 'head'].includes(m))
      .map((m) => `${m.toUpperCase()} ${path}`),
  );
  const unanswered = documented.filter((op) => !api.checker.seen.has(op) && !NOT_YET_SERVED.includes(op));
  expect(unanswered).toEqual([]);
  const statuses = new Set([...api.checker.seen.values()].flatMap((s) => [...s]));
  for (const status of [200, 201, 302, 303, 304, 400, 401, 403, 404, 409, 413, 415, 422, 429]) {
    expect([status, statuses.has(status)]).toEqual([status, true]);
  }
});
