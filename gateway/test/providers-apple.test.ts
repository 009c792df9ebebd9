// Sign in with Apple end to end: real auth, avatar and gateway processes, Apple's endpoints replaced by
// a loopback stand-in; the team's ES256 key is made here.
import { createHash, generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Browser } from '@gatehouse/test-kit/browser';
import { FakeApple } from '@gatehouse/test-kit/fakes/apple';
import { type Stack, startStack } from '@gatehouse/test-kit/stack';
import { handshakeCookiePolicy } from '../src/routes/kit';

const sha1 = (s: string) => createHash('sha1').update(s).digest('hex');

const apple = new FakeApple();
const team = generateKeyPairSync('ec', { namedCurve: 'P-256' });
let stack: Stack;
let dir: string;

beforeAll(async () => {
  await apple.start();
  dir = mkdtempSync(path.join(os.tmpdir(), 'gh-apple-'));
  const keyFile = path.join(dir, 'AuthKey_KEY123.p8');
  writeFileSync(keyFile, team.privateKey.export({ format: 'pem', type: 'pkcs8' }));
  writeFileSync(
    path.join(dir, 'auth.json'),
    JSON.stringify({
      providers: [
        {
          name: 'apple',
          type: 'apple',
          clientId: 'com.example.web',
          teamId: 'TEAM123456',
          keyId: 'KEY123',
          privateKeyFile: keyFile,
          issuer: apple.issuer,
          authUrl: `${apple.url}/auth/authorize`,
          tokenUrl: `${apple.url}/auth/token`,
          keysUrl: `${apple.url}/auth/keys`,
        },
      ],
    }),
  );
  stack = await startStack({
    services: ['auth', 'avatar', 'gateway'],
    env: (ports) => {
      apple.client = {
        clientId: 'com.example.web',
        teamId: 'TEAM123456',
        keyId: 'KEY123',
        teamPublicKey: team.publicKey,
        redirectUri: `http://127.0.0.1:${ports.gateway}/auth/apple/callback`,
      };
      return { AUTH_CONFIG: path.join(dir, 'auth.json') };
    },
  });
}, 60_000);

afterAll(async () => {
  await stack?.stop();
  await apple.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The login as a browser does it: /login, Apple's page, then Apple's form POSTed to our callback. */
async function appleLogin(browser: Browser, extra: Record<string, string> = {}, query = '') {
  const start = await browser.get(`/auth/apple/login${query}`);
  expect(start.status).toBe(302);
  const page = await browser.request('GET', start.headers.get('location') as string);
  expect(page.status).toBe(200);
  const { action, fields } = page.json() as { action: string; fields: Record<string, string> };
  const form = new URLSearchParams({ ...fields, ...extra }).toString();
  const post = () =>
    browser.request('POST', action, {
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: apple.url },
      body: form,
    });
  return { answer: await post(), replay: post };
}

describe('Sign in with Apple', () => {
  it('logs in through the form_post callback, with the name Apple sends on the first sign-up', async () => {
    apple.nextSub = '001234.first';
    const browser = new Browser(stack.url);
    const user = JSON.stringify({ name: { firstName: 'Ann', lastName: 'Apple' }, email: 'x@privaterelay.appleid.com' });
    const { answer } = await appleLogin(browser, { user });
    expect(answer.status).toBe(200);
    const id = `apple_${sha1('001234.first')}`;
    expect(answer.json()).toMatchObject({ id, name: 'Ann Apple' });
    expect(answer.json()).not.toHaveProperty('email');
    // The client secret was an ES256 JWT from the team's key, for this client.
    expect(apple.lastClientSecret).toMatchObject({ iss: 'TEAM123456', sub: 'com.example.web', aud: apple.issuer });
  });

  it('names a returning user noname_ when Apple sends no user field', async () => {
    apple.nextSub = '001234.first';
    const { answer } = await appleLogin(new Browser(stack.url));
    const id = `apple_${sha1('001234.first')}`;
    expect(answer.json()).toMatchObject({ id, name: `noname_${id.slice(6, 12)}` });
  });

  it('reloads Apple keys once when the ID token has an unknown kid', async () => {
    const before = apple.keyFetches;
    apple.rotateKey();
    const { answer } = await appleLogin(new Browser(stack.url));
    expect(answer.status).toBe(200);
    expect(apple.keyFetches).toBe(before + 1);
    await appleLogin(new Browser(stack.url));
    expect(apple.keyFetches).toBe(before + 1);
  });

  it.each([
    ['audience', { aud: 'com.other.app' }],
    ['issuer', { iss: 'https://evil.example.com' }],
  ])('refuses an ID token for another %s', async (_label, change) => {
    apple.tamper = (claims) => ({ ...claims, ...change });
    try {
      const { answer } = await appleLogin(new Browser(stack.url));
      expect(answer.status).toBe(403);
      expect(answer.json()).toEqual({ error: 'invalid id_token' });
      expect(answer.cookies).toEqual([]);
    } finally {
      apple.tamper = undefined;
    }
  });

  it('refuses a replayed form post, a forged state and a post without the handshake cookie', async () => {
    const browser = new Browser(stack.url);
    const { answer, replay } = await appleLogin(browser);
    expect(answer.status).toBe(200);
    expect((await replay()).json()).toEqual({ error: 'invalid handshake token' });

    const stranger = new Browser(stack.url);
    const start = await stranger.get('/auth/apple/login');
    const { action, fields } = (await stranger.request('GET', start.headers.get('location') as string)).json() as {
      action: string;
      fields: Record<string, string>;
    };
    const post = (b: Browser, f: Record<string, string>) =>
      b.request('POST', action, {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(f).toString(),
      });
    expect((await post(stranger, { ...fields, state: 'a'.repeat(40) })).json()).toEqual({ error: 'unexpected state' });
    expect((await post(new Browser(stack.url), fields)).json()).toEqual({ error: 'invalid handshake token' });
  });

  it('refuses an open redirect in from', async () => {
    const { answer } = await appleLogin(
      new Browser(stack.url),
      {},
      `?from=${encodeURIComponent('https://evil.example.com/')}`,
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.get('location')).toBeNull();
  });
});

describe('the handshake cookie of form_post logins', () => {
  const formPost = 'https://appleid.apple.com/auth/authorize?response_mode=form_post&state=x';
  it('is SameSite=None on https, so that the cross-site POST carries it', () => {
    expect(handshakeCookiePolicy(formPost, { sameSite: 'lax', secure: true })).toEqual({
      sameSite: 'none',
      secure: true,
    });
  });
  it('stays as configured on plain http (browsers refuse SameSite=None without Secure) and for other providers', () => {
    expect(handshakeCookiePolicy(formPost, { sameSite: 'lax', secure: false })).toEqual({
      sameSite: 'lax',
      secure: false,
    });
    expect(
      handshakeCookiePolicy('https://github.com/login/oauth/authorize?state=x', { sameSite: 'lax', secure: true }),
    ).toEqual({
      sameSite: 'lax',
      secure: true,
    });
  });
});
