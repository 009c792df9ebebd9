// The local OAuth2/OIDC server on its own: discovery, the login page, the application's credential
// checker, exact redirect URIs and PKCE, driven by openid-client as the relying party.
import { createPrivateKey, createPublicKey, randomBytes, sign, verify } from 'node:crypto';
import { createLogger } from '@gatehouse/logger';
import { Redis } from 'ioredis';
import * as oidc from 'openid-client';
import { CookieJar } from 'tough-cookie';
import { LocalOAuthServer } from '../src/local-server/server';
import { localServerKeys, redisAdapter } from '../src/local-server/shared-state';
import { RedisRateLimiter } from '../src/stores/limits';

const REDIRECT = 'http://127.0.0.1:1/auth/local/callback';
const client = { clientId: 'gatehouse-local', clientSecret: 'local-secret-0123456789abcdef', redirectUri: REDIRECT };
const checked: string[] = [];
// Stands for the application's credential checker (htpasswd, the CheckCredentials hook...).
const checkCredentials = async (user: string, password: string) => {
  checked.push(user);
  return user === 'alice' && password === 'wonderland';
};

let server: LocalOAuthServer;
let issuer: string;
let appPage: LocalOAuthServer;
let appIssuer: string;
let limited: LocalOAuthServer;
let limitedIssuer: string;
const prefix = `gh-test-local:${randomBytes(6).toString('hex')}:`;
let redis: Redis;

beforeAll(async () => {
  const log = createLogger({ name: 'local-test', level: 'silent' });
  redis = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
  const limiter = new RedisRateLimiter(redis, prefix);
  const generous = {
    perUser: { limit: 100, windowMs: 60_000 },
    perIp: { limit: 100, windowMs: 60_000 },
    perUserAllClients: { limit: 100, windowMs: 60_000 },
  };
  const keys = localServerKeys(undefined, 'local');
  const common = {
    url: 'http://127.0.0.1:0',
    host: '127.0.0.1',
    port: 0,
    client,
    checkCredentials,
    log,
    limiter,
    keys,
  };
  server = new LocalOAuthServer({ ...common, name: 'local', limits: generous });
  issuer = (await server.start()).url;
  appPage = new LocalOAuthServer({
    ...common,
    name: 'app',
    limits: generous,
    loginPageUrl: 'https://app.example.com/login',
  });
  appIssuer = (await appPage.start()).url;
  limited = new LocalOAuthServer({
    ...common,
    name: 'limited',
    limits: {
      perUser: { limit: 3, windowMs: 60_000 },
      perIp: { limit: 5, windowMs: 60_000 },
      perUserAllClients: { limit: 50, windowMs: 60_000 },
    },
  });
  limitedIssuer = (await limited.start()).url;
});

afterAll(async () => {
  await server?.stop();
  await appPage?.stop();
  await limited?.stop();
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
});

async function request(
  jar: CookieJar,
  method: string,
  url: string,
  body?: Record<string, string>,
  headers: Record<string, string> = {},
) {
  const cookie = await jar.getCookieString(url);
  const res = await fetch(url, {
    method,
    redirect: 'manual',
    headers: {
      ...headers,
      ...(cookie ? { cookie } : {}),
      ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    body: body ? new URLSearchParams(body).toString() : undefined,
  });
  for (const c of res.headers.getSetCookie()) await jar.setCookie(c, url);
  return { status: res.status, location: res.headers.get('location'), text: await res.text(), headers: res.headers };
}

async function rp(base: string) {
  const config = await oidc.discovery(
    new URL(base),
    client.clientId,
    undefined,
    oidc.ClientSecretPost(client.clientSecret),
    {
      execute: [oidc.allowInsecureRequests],
    },
  );
  const verifier = oidc.randomPKCECodeVerifier();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: REDIRECT,
    scope: 'openid profile',
    state: 'state-1',
    nonce: 'nonce-1',
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  });
  return { config, verifier, url };
}

/** Follows the server's redirects to the interaction page; answers its URL. */
async function toLoginPage(jar: CookieJar, url: string): Promise<string> {
  const res = await request(jar, 'GET', url);
  expect(res.status).toBe(303);
  return new URL(res.location as string, url).href;
}

describe('local OAuth2 server', () => {
  it('publishes OpenID Connect discovery at its issuer', async () => {
    const { config } = await rp(issuer);
    expect(config.serverMetadata()).toMatchObject({ issuer, code_challenge_methods_supported: ['S256'] });
  });

  it('shows the login page, checks the password with the application checker, and issues an ID token', async () => {
    const jar = new CookieJar();
    const { config, verifier, url } = await rp(issuer);
    const pageUrl = await toLoginPage(jar, url.href);
    const page = await request(jar, 'GET', pageUrl);
    expect(page.status).toBe(200);
    expect(page.text).toContain('name="password"');
    expect(page.headers.get('content-security-policy')).toContain("form-action 'self' http://127.0.0.1:1");

    const wrong = await request(jar, 'POST', `${pageUrl}/login`, { username: 'alice', password: 'nope' });
    expect(wrong.status).toBe(403);
    expect(wrong.text).toContain('incorrect user or password');

    let next = await request(jar, 'POST', `${pageUrl}/login`, { username: 'alice', password: 'wonderland' });
    while (next.location && !next.location.startsWith(REDIRECT)) {
      next = await request(jar, 'GET', new URL(next.location, issuer).href);
    }
    const callback = new URL(next.location as string);
    const tokens = await oidc.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: 'state-1',
      expectedNonce: 'nonce-1',
    });
    expect(tokens.claims()).toMatchObject({ sub: 'alice', name: 'alice', iss: issuer, aud: client.clientId });
    expect(checked).toEqual(['alice', 'alice']);
  });

  it('refuses a redirect URI other than the registered one, and an authorization request without PKCE', async () => {
    const { url } = await rp(issuer);
    const other = new URL(url);
    other.searchParams.set('redirect_uri', 'https://evil.example.com/cb');
    const refused = await request(new CookieJar(), 'GET', other.href);
    expect(refused.status).toBe(400);
    const noPkce = new URL(url);
    noPkce.searchParams.delete('code_challenge');
    noPkce.searchParams.delete('code_challenge_method');
    const res = await request(new CookieJar(), 'GET', noPkce.href);
    expect(res.location ?? '').toContain('error=invalid_request');
  });

  it("sends the browser to the application's login page with the interaction's post URL", async () => {
    const jar = new CookieJar();
    const { url } = await rp(appIssuer);
    const pageUrl = await toLoginPage(jar, url.href);
    const res = await request(jar, 'GET', pageUrl);
    expect(res.status).toBe(303);
    const target = new URL(res.location as string);
    expect(target.origin + target.pathname).toBe('https://app.example.com/login');
    expect(target.searchParams.get('action')).toBe(`${pageUrl}/login`);
  });

  it('limits password attempts per user name and per client address before checking them', async () => {
    const jar = new CookieJar();
    const { url } = await rp(limitedIssuer);
    const post = `${await toLoginPage(jar, url.href)}/login`;
    const attempt = (username: string, password: string, headers: Record<string, string> = {}) =>
      request(jar, 'POST', post, { username, password }, headers);
    const before = checked.length;

    // Three wrong passwords for bob are checked; the fourth attempt is not, even with the right one.
    for (let i = 0; i < 3; i++) expect((await attempt('bob', `guess-${i}`)).status).toBe(403);
    const blocked = await attempt('bob', 'wonderland');
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(blocked.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(blocked.text).toContain('too many login attempts');
    expect(blocked.text).toContain('name="password"');
    expect(checked.slice(before)).toEqual(['bob', 'bob', 'bob']);

    // The fifth attempt from this address is checked (another user); the sixth is refused by address,
    // and a forged X-Forwarded-For does not make it another client.
    expect((await attempt('carol', 'nope')).status).toBe(403);
    const byIp = await attempt('alice', 'wonderland', { 'x-forwarded-for': '203.0.113.9' });
    expect(byIp.status).toBe(429);
    expect(checked.slice(before)).toEqual(['bob', 'bob', 'bob', 'carol']);
  });

  it('lets one login move between instances that share AUTH_SECRET and Redis', async () => {
    const log = createLogger({ name: 'local-test', level: 'silent' });
    const shared = {
      host: '127.0.0.1',
      port: 0,
      client,
      checkCredentials,
      log,
      name: 'multi',
      limiter: new RedisRateLimiter(redis, prefix),
      limits: {
        perUser: { limit: 100, windowMs: 60_000 },
        perIp: { limit: 100, windowMs: 60_000 },
        perUserAllClients: { limit: 100, windowMs: 60_000 },
      },
      keys: localServerKeys('the-auth-secret-shared-by-every-instance', 'multi'),
      adapter: redisAdapter(redis, `${prefix}multi:`),
    };
    const first = new LocalOAuthServer({ ...shared, url: 'http://127.0.0.1:0' });
    const { url: sharedIssuer } = await first.start();
    // The second instance answers for the same issuer (behind one address in production).
    const second = new LocalOAuthServer({ ...shared, url: sharedIssuer });
    const { port: secondPort } = await second.start();
    const atSecond = (url: string) => url.replace(sharedIssuer, `http://127.0.0.1:${secondPort}`);
    try {
      const jar = new CookieJar();
      const { config, verifier, url } = await rp(sharedIssuer);
      // Begun at the first instance, the page and the password at the second.
      const pageUrl = atSecond(await toLoginPage(jar, url.href));
      expect((await request(jar, 'GET', pageUrl)).status).toBe(200);
      let next = await request(jar, 'POST', `${pageUrl}/login`, { username: 'alice', password: 'wonderland' });
      while (next.location && !next.location.startsWith(REDIRECT)) {
        next = await request(jar, 'GET', atSecond(new URL(next.location, pageUrl).href));
      }
      // The code, issued by the second, is redeemed at the first; the ID token checks against its keys.
      const tokens = await oidc.authorizationCodeGrant(config, new URL(next.location as string), {
        pkceCodeVerifier: verifier,
        expectedState: 'state-1',
        expectedNonce: 'nonce-1',
      });
      expect(tokens.claims()).toMatchObject({ sub: 'alice', iss: sharedIssuer, aud: client.clientId });
    } finally {
      await first.stop();
      await second.stop();
    }
  });
});

describe('localServerKeys', () => {
  it('derives the same keys from the same secret, other keys for another server, random ones without', () => {
    const a = localServerKeys('secret-one', 'staff');
    expect(localServerKeys('secret-one', 'staff')).toEqual(a);
    const other = localServerKeys('secret-one', 'partners');
    expect(other.signingKey.d).not.toBe(a.signingKey.d);
    expect(other.cookieKey).not.toBe(a.cookieKey);
    expect(localServerKeys('secret-two', 'staff').clientSecret).not.toBe(a.clientSecret);
    expect(localServerKeys(undefined, 'staff').signingKey.d).not.toBe(localServerKeys(undefined, 'staff').signingKey.d);
  });

  it('makes a P-256 key that signs and verifies', () => {
    const { signingKey } = localServerKeys('secret-one', 'staff');
    const privateKey = createPrivateKey({ key: signingKey, format: 'jwk' });
    const { d: _d, ...publicJwk } = signingKey;
    const publicKey = createPublicKey({ key: publicJwk, format: 'jwk' });
    const signature = sign('sha256', Buffer.from('payload'), privateKey);
    expect(verify('sha256', Buffer.from('payload'), publicKey, signature)).toBe(true);
  });
});
