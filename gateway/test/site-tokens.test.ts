// Issue 31 (medium): with AUTH_SECRETS_FILE a site's application holds its audience's HS256 secret, so it
// can sign any token for that audience. Such a token is refused (401) on every route the gateway owns
// (account, second factor, passkeys, sessions, cards, client tokens, the card load before Koa too), and
// stays good for /auth/user, /auth/status and the application's proxied routes. A whole stack: auth
// (Postgres: passkeys and TOTP on), avatar, payment with the development processor, the gateway, an
// application upstream; the forged tokens are what the site could sign.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Browser } from '@gatehouse/test-kit/browser';
import {
  createTestDatabase,
  createLedgerDatabase as paymentDatabase,
  type TestDatabase,
} from '@gatehouse/test-kit/databases';
import { type Stack, startStack } from '@gatehouse/test-kit/stack';
import { type Claims, configSecretReader, TokenService } from '@gatehouse/token';
import { decodeJwt, jwtVerify } from 'jose';

const SITE_SECRET = randomBytes(32).toString('hex');
let stack: Stack;
let authDb: TestDatabase;
let paymentDb: TestDatabase;
let dir: string;
let upstream: http.Server;
/** What the application upstream was last sent as the user. */
let seenUser: unknown;

beforeAll(async () => {
  [authDb, paymentDb] = await Promise.all([createTestDatabase('gh_auth'), paymentDatabase()]);
  dir = mkdtempSync(path.join(os.tmpdir(), 'gh-site-tokens-'));
  upstream = http.createServer((req, res) => {
    const header = req.headers['x-gatehouse-user'];
    seenUser = typeof header === 'string' ? JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) : undefined;
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"app":true}');
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const secrets = path.join(dir, 'secrets.json');
  writeFileSync(secrets, JSON.stringify({ 'site-a': SITE_SECRET }));
  const config = path.join(dir, 'auth.json');
  const upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  writeFileSync(config, JSON.stringify({ routes: [{ prefix: '/app', upstream: upstreamUrl, policy: 'auth' }] }));
  stack = await startStack({
    services: ['auth', 'avatar', 'payment', 'gateway'],
    authDatabaseUrl: authDb.url,
    env: {
      AUTH_SECRETS_FILE: secrets,
      AUTH_CONFIG: config,
      DATABASE_URL: paymentDb.url,
      PAYMENT_DEV_PROCESSOR: 'true',
      PAYMENT_DEV_PROCESSOR_PORT: '0',
    },
    serviceEnv: { auth: { AUTH_TOTP_KEY: randomBytes(32).toString('hex') } },
  });
}, 90_000);

afterAll(async () => {
  await stack?.stop();
  upstream?.closeAllConnections();
  await new Promise((r) => upstream?.close(r));
  await Promise.all([authDb?.drop(), paymentDb?.drop()]);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Signs claims with the site's own secret, as the site's application can. */
function siteSigned(claims: Claims): Promise<string> {
  return new TokenService({
    issuer: 'gatehouse',
    tokenDurationMs: 15 * 60_000,
    cookieDurationMs: 86_400_000,
    audiences: [],
    secrets: configSecretReader('unused-shared-secret-0123456789abcdef', { 'site-a': SITE_SECRET }),
  }).signToken(claims);
}

/** A victim who logged in to Gatehouse itself, with a card. */
async function victim(name: string) {
  const b = new Browser(stack.url);
  expect((await b.devLogin(name)).status).toBe(200);
  const claims = decodeJwt((await b.cookie('JWT')) as string) as Claims;
  const card = await b.request('POST', '/cards/', {
    headers: { 'content-type': 'application/json', 'x-xsrf-token': await b.xsrf() },
    body: JSON.stringify({ name: 'mine' }),
  });
  expect(card.status).toBe(201);
  return { b, user: claims.user as NonNullable<Claims['user']>, cardId: (card.json() as { id: number }).id };
}

/** The token the site signs for the victim: a fresh login with two factors, as far as its claims say. */
async function forged(user: NonNullable<Claims['user']>, extra: Partial<Claims> = {}) {
  const now = Math.floor(Date.now() / 1000);
  const jti = randomBytes(20).toString('hex');
  const token = await siteSigned({
    iss: 'gatehouse',
    aud: 'site-a',
    jti,
    iat: now,
    exp: now + 600,
    auth_time: now,
    amr: ['fed', 'otp', 'mfa'],
    auth_provider: { name: 'dev' },
    user: { name: user.name, id: user.id, picture: '' },
    ...extra,
  });
  return { token, jti, cookie: { cookie: `JWT=${token}; XSRF-TOKEN=${jti}`, 'x-xsrf-token': jti } };
}

const json = { 'content-type': 'application/json' };

describe("a site's own token (AUTH_SECRETS_FILE)", () => {
  it('is refused on every route the gateway owns, however it is presented', async () => {
    const { b, user, cardId } = await victim('vera');
    const { token, cookie } = await forged(user);
    const sessions = (await b.getWithXsrf('/auth/sessions')).json() as { sessions: { id: string }[] };
    const routes: [string, string, string?][] = [
      ['GET', '/auth/totp'],
      ['POST', '/auth/totp/setup'],
      ['POST', '/auth/totp/activate', '{"code":"123456"}'],
      ['POST', '/auth/totp/recovery-codes', '{"code":"123456"}'],
      ['DELETE', '/auth/totp', '{"code":"123456"}'],
      ['POST', '/auth/passkey/register/options'],
      ['POST', '/auth/passkey/register/verify', '{"response":{}}'],
      ['GET', '/auth/passkey/list'],
      ['POST', '/auth/passkey/remove', '{"id":"x"}'],
      ['GET', '/auth/sessions'],
      ['DELETE', `/auth/sessions/${sessions.sessions[0]?.id}`],
      ['POST', '/auth/sessions/revoke-others'],
      ['GET', '/cards/'],
      ['POST', '/cards/', '{"name":"theirs"}'],
      ['GET', `/cards/${cardId}/loads/`],
      ['POST', '/tokens/'],
      ['POST', `/cards/${cardId}/load/`, '{"nonce":"fake-valid-nonce","amount":"10.00"}'],
    ];
    // Known to the verifier's cache first, as the card load before Koa takes a token.
    expect((await new Browser(stack.url).get('/auth/user', { 'x-jwt': token })).status).toBe(200);
    for (const [method, route, body] of routes) {
      for (const headers of [cookie, { 'x-jwt': token }]) {
        const res = await new Browser(stack.url).request(method, route, {
          headers: { ...headers, ...(body ? json : {}), 'idempotency-key': randomBytes(8).toString('hex') },
          body,
        });
        expect([method, route, res.status]).toEqual([method, route, 401]);
      }
    }
    // Nothing of the victim's changed: the card was never loaded, the session list is theirs alone.
    const cards = (await b.getWithXsrf('/cards/')).json() as { cards: { id: number; balance: string }[] };
    expect(cards.cards).toEqual([expect.objectContaining({ id: cardId, balance: '0.00' })]);
    expect(((await b.getWithXsrf(`/cards/${cardId}/loads/`)).json() as { loads: unknown[] }).loads).toEqual([]);
    expect(((await b.getWithXsrf('/auth/sessions')).json() as { sessions: unknown[] }).sessions).toHaveLength(1);
    expect((await b.getWithXsrf('/auth/passkey/list')).json()).toEqual([]);
  });

  it("stays good for /auth/user, /auth/status and the site's proxied routes", async () => {
    const { user } = await victim('walt');
    const { token, cookie } = await forged(user);
    for (let i = 0; i < 2; i++) {
      // The second time from the verifier's cache, before Koa.
      const res = await new Browser(stack.url).get('/auth/user', { 'x-jwt': token });
      expect([res.status, res.json()]).toEqual([200, expect.objectContaining({ id: user.id, aud: 'site-a' })]);
    }
    const status = await new Browser(stack.url).get('/auth/status', cookie);
    expect(status.json()).toEqual({ status: 'logged in', user: 'walt' });
    const app = await new Browser(stack.url).get('/app/page', cookie);
    expect(app.status).toBe(200);
    expect(seenUser).toMatchObject({ id: user.id, aud: 'site-a' });
  });

  it('is refreshed into a site token only: never one the gateway routes take', async () => {
    const { user, cardId } = await victim('xena');
    const now = Math.floor(Date.now() / 1000);
    const { cookie } = await forged(user, { iat: now - 120, exp: now - 60, auth_time: now - 120 });
    // On a gateway route an expired site token is refused as it is, without a refresh.
    const loads = await new Browser(stack.url).request('GET', `/cards/${cardId}/loads/`, { headers: cookie });
    expect(loads.status).toBe(401);
    expect(loads.cookies.some((c) => /^JWT=[^;]+/.test(c))).toBe(false);
    // On /auth/user it is refreshed, as for any session of the site...
    const b = new Browser(stack.url);
    const refreshed = await b.request('GET', '/auth/user', { headers: cookie });
    expect(refreshed.status).toBe(200);
    const next = (await b.cookie('JWT')) as string;
    expect(next).toBeDefined();
    // ...into a token of the site's secret again, which the gateway's own routes refuse as well.
    await expect(jwtVerify(next, new TextEncoder().encode(SITE_SECRET))).resolves.toBeDefined();
    const again = await b.request('GET', `/cards/${cardId}/loads/`, { headers: { 'x-xsrf-token': await b.xsrf() } });
    expect(again.status).toBe(401);
  });

  it('tells a real login for the site from one for Gatehouse itself', async () => {
    const site = new Browser(stack.url);
    expect((await site.devLogin('yann', '?site=site-a')).status).toBe(200);
    expect((await site.getWithXsrf('/auth/user')).json()).toMatchObject({ aud: 'site-a' });
    expect((await site.getWithXsrf('/cards/')).status).toBe(401);
    const own = new Browser(stack.url);
    expect((await own.devLogin('yann')).status).toBe(200);
    expect((await own.getWithXsrf('/cards/')).status).toBe(200);
    expect((await own.getWithXsrf('/auth/sessions')).status).toBe(200);
  });

  it('makes the gateway warn at start: HS256 site secrets beside passkeys and TOTP', async () => {
    const out = await stack.waitForOutput('gateway', (o) => o.includes('AUTH_SECRETS_FILE'), 10_000);
    expect(out).toMatch(/AUTH_SECRETS_FILE.*passkeys.*TOTP.*ES256 or EdDSA/);
  });
});
