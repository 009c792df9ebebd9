// OpenID Connect and custom OAuth2 end to end, with a real `oidc-provider` instance on loopback as the
// identity provider: discovery, PKCE, nonce, ID-token checks and the key set's kid reload.
import { createHash, generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Browser } from '@gatehouse/test-kit/browser';
import { FakeOidcIdp } from '@gatehouse/test-kit/fakes/oidc-idp';
import { type Stack, startStack } from '@gatehouse/test-kit/stack';
import { decodeJwt } from 'jose';

const sha1 = (s: string) => createHash('sha1').update(s).digest('hex');

const idp = new FakeOidcIdp();
let stack: Stack;
let dir: string;

beforeAll(async () => {
  await idp.start();
  dir = mkdtempSync(path.join(os.tmpdir(), 'gh-oidc-'));
  const client = (name: string) => ({ name, clientId: `${name}-rp`, clientSecret: `${name}-secret-0123456789` });
  writeFileSync(
    path.join(dir, 'auth.yaml'),
    JSON.stringify({
      providers: [
        { ...client('corp'), type: 'oidc', issuer: idp.url, scopes: ['openid', 'profile'] },
        {
          ...client('corp-info'),
          type: 'oidc',
          issuer: idp.url,
          scopes: ['openid', 'email'],
          userInfo: true,
          userAttributes: { email: 'mail' },
        },
        {
          ...client('acme'),
          type: 'custom',
          authUrl: `${idp.url}/auth`,
          tokenUrl: `${idp.url}/token`,
          infoUrl: `${idp.url}/me`,
          scopes: ['openid', 'profile'],
          mapping: { id: 'sub', name: 'name' },
        },
      ],
    }),
  );
  stack = await startStack({
    services: ['auth', 'avatar', 'gateway'],
    env: (ports) => {
      const gateway = `http://127.0.0.1:${ports.gateway}`;
      idp.setClients(
        ['corp', 'corp-info', 'acme'].map((name) => ({
          client_id: `${name}-rp`,
          client_secret: `${name}-secret-0123456789`,
          redirect_uris: [`${gateway}/auth/${name}/callback`],
          token_endpoint_auth_method: 'client_secret_post',
        })),
      );
      return { AUTH_CONFIG: path.join(dir, 'auth.yaml'), AUTH_DEV_PROVIDER: 'false' };
    },
  });
}, 60_000);

afterAll(async () => {
  await stack?.stop();
  await idp.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function login(browser: Browser, name: string, query = '') {
  const start = await browser.get(`/auth/${name}/login${query}`);
  expect(start.status).toBe(302);
  const authorize = new URL(start.headers.get('location') as string);
  let next = authorize.href;
  // The identity provider's own redirects (authorize, interaction, resume) until it sends us back.
  for (let hops = 0; hops < 6 && !next.startsWith(stack.url); hops++) {
    const res = await browser.request('GET', next);
    expect([302, 303]).toContain(res.status);
    next = new URL(res.headers.get('location') as string, next).href;
  }
  return { authorize, answer: await browser.request('GET', next) };
}

describe('OpenID Connect provider', () => {
  it('discovers the issuer and logs in with state, PKCE S256 and a nonce', async () => {
    idp.nextUser = { sub: 'alice-sub', name: 'Alice Oidc', email: 'alice@example.com' };
    const browser = new Browser(stack.url);
    const { authorize, answer } = await login(browser, 'corp', '?noava=1');
    expect(authorize.origin).toBe(idp.url);
    expect(authorize.searchParams.get('scope')).toBe('openid profile');
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('nonce')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(authorize.searchParams.get('state')).toMatch(/^[0-9a-f]{40}$/);
    expect(answer.status).toBe(200);
    expect(answer.json()).toMatchObject({ id: `corp_${sha1('alice-sub')}`, name: 'Alice Oidc' });
    expect(decodeJwt((await browser.cookie('JWT')) as string)).toMatchObject({ auth_provider: { name: 'corp' } });
  });

  it('adds userinfo claims when configured, and copies attributes', async () => {
    idp.nextUser = { sub: 'bob-sub', name: 'Bob Info', email: 'bob@example.com' };
    const { answer } = await login(new Browser(stack.url), 'corp-info', '?noava=1');
    expect(answer.json()).toMatchObject({ id: `corp-info_${sha1('bob-sub')}`, attrs: { mail: 'bob@example.com' } });
  });

  it('reloads the key set once for a token signed with a new kid, then uses the cache', async () => {
    const before = idp.jwksFetches;
    idp.rotateKey();
    idp.nextUser = { sub: 'carol-sub', name: 'Carol Rotated', email: 'c@example.com' };
    const first = await login(new Browser(stack.url), 'corp', '?noava=1');
    expect(first.answer.status).toBe(200);
    expect(first.answer.json()).toMatchObject({ name: 'Carol Rotated' });
    // One reload per provider instance that met the new kid: corp only.
    expect(idp.jwksFetches).toBe(before + 1);
    const again = await login(new Browser(stack.url), 'corp', '?noava=1');
    expect(again.answer.status).toBe(200);
    expect(idp.jwksFetches).toBe(before + 1);
  });

  it.each([
    ['a wrong audience', (c: Record<string, unknown>) => ({ claims: { ...c, aud: 'someone-else' } })],
    [
      'an expired ID token',
      (c: Record<string, unknown>) => ({
        claims: { ...c, iat: Math.floor(Date.now() / 1000) - 7200, exp: Math.floor(Date.now() / 1000) - 3600 },
      }),
    ],
    ['a nonce from another login', (c: Record<string, unknown>) => ({ claims: { ...c, nonce: 'x'.repeat(43) } })],
    ['a wrong issuer', (c: Record<string, unknown>) => ({ claims: { ...c, iss: 'https://evil.example.com' } })],
    [
      'a forged signature under a known kid',
      (c: Record<string, unknown>) => ({
        claims: c,
        key: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey,
      }),
    ],
  ])('refuses %s with 403 and no cookie', async (_label, tamper) => {
    idp.tamper = tamper;
    try {
      const { answer } = await login(new Browser(stack.url), 'corp', '?noava=1');
      expect(answer.status).toBe(403);
      expect(answer.json()).toEqual({ error: 'invalid id_token' });
      expect(answer.cookies).toEqual([]);
    } finally {
      idp.tamper = undefined;
    }
  });

  it('refuses a key the issuer never published, after exactly one reload', async () => {
    const before = idp.jwksFetches;
    const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    idp.tamper = (c) => ({ claims: c, key: stranger, kid: 'unknown-kid' });
    try {
      const { answer } = await login(new Browser(stack.url), 'corp', '?noava=1');
      expect(answer.status).toBe(403);
      expect(answer.json()).toEqual({ error: 'invalid id_token' });
    } finally {
      idp.tamper = undefined;
    }
    expect(idp.jwksFetches).toBe(before + 1);
  });
});

describe('hostile OpenID Connect callbacks', () => {
  it('refuses a replayed callback, a callback in another browser and a forged state', async () => {
    const browser = new Browser(stack.url);
    const start = await browser.get('/auth/corp/login?noava=1');
    let next = start.headers.get('location') as string;
    while (!next.startsWith(stack.url)) {
      const res = await browser.request('GET', next);
      next = new URL(res.headers.get('location') as string, next).href;
    }
    const forged = new URL(next);
    forged.searchParams.set('state', 'e'.repeat(40));
    expect((await browser.request('GET', forged.href)).json()).toEqual({ error: 'unexpected state' });
    expect((await new Browser(stack.url).request('GET', next)).json()).toEqual({ error: 'invalid handshake token' });
    expect((await browser.request('GET', next)).status).toBe(200);
    expect((await browser.request('GET', next)).json()).toEqual({ error: 'invalid handshake token' });
  });

  it('answers the user JSON instead of following from to another host', async () => {
    const { answer } = await login(
      new Browser(stack.url),
      'corp',
      `?noava=1&from=${encodeURIComponent('//evil.example.com/x')}`,
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.get('location')).toBeNull();
  });
});

describe('custom OAuth2 provider against a real authorization server', () => {
  it('maps the user-info answer with the configured fields', async () => {
    idp.nextUser = { sub: 'dave-sub', name: 'Dave Custom', email: 'd@example.com' };
    const { authorize, answer } = await login(new Browser(stack.url), 'acme', '?noava=1');
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(answer.status).toBe(200);
    expect(answer.json()).toMatchObject({ id: `acme_${sha1('dave-sub')}`, name: 'Dave Custom' });
  });
});
