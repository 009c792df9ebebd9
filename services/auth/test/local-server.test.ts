// The local OAuth2/OIDC server on its own: discovery, the login page, the application's credential
// checker, exact redirect URIs and PKCE, driven by openid-client as the relying party.
import { createLogger } from '@gatehouse/logger';
import * as oidc from 'openid-client';
import { CookieJar } from 'tough-cookie';
import { LocalOAuthServer } from '../src/local-server/server';

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

beforeAll(async () => {
  const log = createLogger({ name: 'local-test', level: 'silent' });
  server = new LocalOAuthServer({
    url: 'http://127.0.0.1:0',
    host: '127.0.0.1',
    port: 0,
    client,
    checkCredentials,
    log,
  });
  issuer = (await server.start()).url;
  appPage = new LocalOAuthServer({
    url: 'http://127.0.0.1:0',
    host: '127.0.0.1',
    port: 0,
    loginPageUrl: 'https://app.example.com/login',
    client,
    checkCredentials,
    log,
  });
  appIssuer = (await appPage.start()).url;
});

afterAll(async () => {
  await server?.stop();
  await appPage?.stop();
});

async function request(jar: CookieJar, method: string, url: string, body?: Record<string, string>) {
  const cookie = await jar.getCookieString(url);
  const res = await fetch(url, {
    method,
    redirect: 'manual',
    headers: {
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
});
