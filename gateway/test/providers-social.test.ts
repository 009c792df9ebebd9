// Built-in social providers and a custom OAuth2 provider, end to end: real auth, avatar and gateway
// processes, the providers' endpoints replaced by a loopback server speaking their shapes.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Browser } from '@gatehouse/test-kit/browser';
import { FakeSocialProviders, solidPng } from '@gatehouse/test-kit/fakes/social';
import { type Stack, startStack } from '@gatehouse/test-kit/stack';
import { decodeJwt } from 'jose';

const sha1 = (s: string) => createHash('sha1').update(s).digest('hex');

const fake = new FakeSocialProviders();
let stack: Stack;
let dir: string;

/** name, type, extra config */
const PROVIDERS: [string, string, Record<string, unknown>][] = [
  ['github', 'github', { userAttributes: { company: 'org' } }],
  ['github-work', 'github', {}],
  ['google', 'google', {}],
  ['facebook', 'facebook', {}],
  ['microsoft', 'microsoft', { tenant: 'contoso.onmicrosoft.com' }],
  ['yandex', 'yandex', {}],
  ['battlenet', 'battlenet', {}],
  ['patreon', 'patreon', {}],
  ['discord', 'discord', {}],
  ['twitter', 'twitter', {}],
  ['acme', 'custom', { mapping: { id: 'account.uid', name: 'account.display', picture: 'account.photo' } }],
  ['broken', 'github', {}],
];

beforeAll(async () => {
  await fake.start();
  dir = mkdtempSync(path.join(os.tmpdir(), 'gh-providers-'));
  const providers = PROVIDERS.map(([name, type, extra]) => ({
    name,
    type,
    clientId: `${name}-client`,
    clientSecret: `\${SECRET_${name.replace('-', '_').toUpperCase()}}`,
    ...fake.endpoints(name),
    ...extra,
  }));
  writeFileSync(path.join(dir, 'auth.json'), JSON.stringify({ providers }));
  const secrets = Object.fromEntries(
    PROVIDERS.map(([n]) => [`SECRET_${n.replace('-', '_').toUpperCase()}`, `${n}-secret`]),
  );
  stack = await startStack({
    services: ['auth', 'avatar', 'gateway'],
    env: {
      ...secrets,
      AUTH_CONFIG: path.join(dir, 'auth.json'),
      AVATAR_ALLOW_PRIVATE_HOSTS: new URL(fake.url).host,
      AUTH_ALLOWED_REDIRECT_HOSTS: 'app.example.com',
    },
  });
  for (const [name] of PROVIDERS) {
    fake.clients.set(name, {
      clientId: `${name}-client`,
      // "broken" is configured with a secret the provider does not know: the token endpoint refuses it.
      clientSecret: name === 'broken' ? 'another-secret' : `${name}-secret`,
      redirectUri: `${stack.url}/auth/${name}/callback`,
      auth: name === 'twitter' ? 'basic' : 'post',
    });
  }
  fake.pictures.set('octo.png', solidPng([200, 10, 10]));
  fake.pictures.set('microsoft.png', solidPng([10, 10, 200]));
}, 60_000);

afterAll(async () => {
  await stack?.stop();
  await fake.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Login as a person would: /auth/<name>/login, the provider's approval, the callback. */
async function login(browser: Browser, name: string, query = '') {
  const start = await browser.get(`/auth/${name}/login${query}`);
  expect(start.status).toBe(302);
  const approved = await browser.request('GET', start.headers.get('location') as string);
  expect(approved.status).toBe(302);
  return {
    callbackUrl: approved.headers.get('location') as string,
    answer: await browser.request('GET', approved.headers.get('location') as string),
  };
}

async function avatarBytes(browser: Browser, picture: string): Promise<Buffer> {
  const res = await browser.get(new URL(picture).pathname);
  expect(res.status).toBe(200);
  return res.body;
}

describe('built-in providers through the gateway', () => {
  it('lists every configured provider in order after dev', async () => {
    const res = await new Browser(stack.url).get('/auth/list');
    expect(res.json()).toEqual(['dev', ...PROVIDERS.map(([n]) => n)]);
  });

  it.each([
    [
      'google',
      { sub: '1098', name: 'Gina G', picture: '' },
      'google_',
      '1098',
      'Gina G',
      'https://www.googleapis.com/auth/userinfo.profile',
    ],
    [
      'google',
      { sub: '1099' },
      'google_',
      '1099',
      `noname_${sha1('1099').slice(1, 5)}`,
      'https://www.googleapis.com/auth/userinfo.profile',
    ],
    ['facebook', { id: '77', name: 'Fay' }, 'facebook_', '77', 'Fay', 'public_profile'],
    ['facebook', { id: '78' }, 'facebook_', '78', `facebook_${sha1('78')}`.slice(0, 16), 'public_profile'],
    ['yandex', { id: '5', login: 'yl', real_name: 'Ya Real', display_name: '' }, 'yandex_', '5', 'Ya Real', null],
    ['yandex', { id: '6', login: 'ylogin' }, 'yandex_', '6', 'ylogin', null],
    ['battlenet', { id: 4242, battletag: 'Hero#1234' }, 'battlenet_', '4242', 'Hero#1234', null],
    [
      'discord',
      { id: '80351110224678912', username: 'nelly', avatar: null },
      'discord_',
      '80351110224678912',
      'nelly',
      'identify',
    ],
    [
      'twitter',
      { data: { id: '2244994945', name: 'X Dev', username: 'XDevelopers' } },
      'twitter_',
      '2244994945',
      'XDevelopers',
      'users.read tweet.read',
    ],
    ['acme', { account: { uid: 'u-1', display: 'Acme User' } }, 'acme_', 'u-1', 'Acme User', null],
  ])('maps %s user info %j', async (name, info, prefix, raw, expectedName, scope) => {
    fake.infos.set(name, info);
    const browser = new Browser(stack.url);
    const { answer } = await login(browser, name, '?noava=1');
    expect(answer.status).toBe(200);
    const user = answer.json() as { id: string; name: string; picture: string };
    expect(user.id).toBe(`${prefix}${sha1(raw)}`);
    expect(user.name).toBe(expectedName);
    expect(fake.scopesSeen.get(name)).toBe(scope);
    expect(decodeJwt((await browser.cookie('JWT')) as string)).toMatchObject({
      auth_provider: { name },
      'no-ava': true,
    });
  });

  it('takes the GitHub login as id, name fallback, copied attributes and the picture into the avatar service', async () => {
    fake.infos.set('github', {
      login: 'octocat',
      id: 583231,
      avatar_url: `${fake.url}/pic/octo.png`,
      company: 'GitHub',
    });
    const browser = new Browser(stack.url);
    const { answer } = await login(browser, 'github');
    const user = answer.json() as { id: string; name: string; picture: string; attrs: unknown };
    expect(user).toMatchObject({ id: `github_${sha1('octocat')}`, name: 'octocat', attrs: { org: 'GitHub' } });
    expect(fake.scopesSeen.get('github')).toBeNull();
    expect(await avatarBytes(browser, user.picture)).toEqual(fake.pictures.get('octo.png'));
  });

  it('registers a second client of one kind under another name, with the same user ids', async () => {
    fake.infos.set('github-work', { login: 'octocat', name: 'The Octocat' });
    const { answer } = await login(new Browser(stack.url), 'github-work', '?noava=1');
    expect(answer.json()).toMatchObject({ id: `github_${sha1('octocat')}`, name: 'The Octocat' });
  });

  it('skips the provider picture with noava=1', async () => {
    fake.infos.set('github', { login: 'noava-user', avatar_url: `${fake.url}/pic/octo.png` });
    const browser = new Browser(stack.url);
    const { answer } = await login(browser, 'github', '?noava=1');
    const picture = (answer.json() as { picture: string }).picture;
    expect(await avatarBytes(browser, picture)).not.toEqual(fake.pictures.get('octo.png'));
  });

  it('fetches the Microsoft photo with the bearer token, in the tenant given', async () => {
    fake.infos.set('microsoft', { id: 'ms-1', displayName: 'Mia Soft' });
    const browser = new Browser(stack.url);
    const { answer } = await login(browser, 'microsoft');
    const user = answer.json() as { id: string; name: string; picture: string };
    expect(user).toMatchObject({ id: `microsoft_${sha1('ms-1')}`, name: 'Mia Soft' });
    expect(fake.scopesSeen.get('microsoft')).toBe('User.Read');
    expect(fake.photoAuth.at(-1)).toMatch(/^Bearer [0-9a-f]{32}$/);
    expect(await avatarBytes(browser, user.picture)).toEqual(fake.pictures.get('microsoft.png'));
  });

  it('marks Patreon paying subscribers', async () => {
    const base = { id: '321', attributes: { full_name: 'Pat Ron', image_url: '' } };
    fake.infos.set('patreon', {
      data: { ...base, relationships: { pledges: { data: [{ id: 'p1', type: 'pledge' }] } } },
    });
    const paid = (await login(new Browser(stack.url), 'patreon', '?noava=1')).answer.json();
    expect(paid).toMatchObject({ id: `patreon_${sha1('321')}`, name: 'Pat Ron', attrs: { is_paid_sub: true } });
    fake.infos.set('patreon', { data: { ...base, relationships: { pledges: { data: [] } } } });
    const free = (await login(new Browser(stack.url), 'patreon', '?noava=1')).answer.json() as { attrs?: unknown };
    expect(free.attrs).toBeUndefined();
  });
});

describe('provider failures and hostile callbacks', () => {
  it('ends with a clear error and no cookie when user info answers non-2xx', async () => {
    fake.infoFailures.set('google', 500);
    try {
      const { answer } = await login(new Browser(stack.url), 'google');
      expect(answer.status).toBe(503);
      expect(answer.json()).toEqual({ error: 'failed to get user info' });
      expect(answer.cookies).toEqual([]);
    } finally {
      fake.infoFailures.delete('google');
    }
  });

  it('ends with a clear error and no cookie when the token endpoint refuses', async () => {
    const { answer } = await login(new Browser(stack.url), 'broken');
    expect(answer.status).toBe(403);
    expect(answer.json()).toEqual({ error: 'exchange failed' });
    expect(answer.cookies).toEqual([]);
  });

  it('refuses a forged code that GitHub answers with 200 and an error field', async () => {
    const browser = new Browser(stack.url);
    const start = await browser.get('/auth/github/login');
    const approved = await browser.request('GET', start.headers.get('location') as string);
    const forged = new URL(approved.headers.get('location') as string);
    forged.searchParams.set('code', 'not-a-code');
    const res = await browser.request('GET', forged.href);
    expect(res.status).toBe(403);
    expect(res.json()).toEqual({ error: 'exchange failed' });
    expect(res.cookies).toEqual([]);
  });

  it('refuses a state that differs from the handshake', async () => {
    const browser = new Browser(stack.url);
    const start = await browser.get('/auth/discord/login');
    const approved = await browser.request('GET', start.headers.get('location') as string);
    const forged = new URL(approved.headers.get('location') as string);
    forged.searchParams.set('state', 'f'.repeat(40));
    const res = await browser.request('GET', forged.href);
    expect(res.status).toBe(403);
    expect(res.json()).toEqual({ error: 'unexpected state' });
  });

  it('refuses a replayed callback and a callback without the handshake cookie', async () => {
    fake.infos.set('discord', { id: '1', username: 'replay' });
    const browser = new Browser(stack.url);
    const { callbackUrl, answer } = await login(browser, 'discord', '?noava=1');
    expect(answer.status).toBe(200);
    const replayed = await browser.request('GET', callbackUrl);
    expect(replayed.status).toBe(403);
    expect(replayed.json()).toEqual({ error: 'invalid handshake token' });
    const stranger = await new Browser(stack.url).request('GET', callbackUrl);
    expect(stranger.status).toBe(403);
    expect(stranger.json()).toEqual({ error: 'invalid handshake token' });
  });

  it('follows from only to allowed hosts', async () => {
    fake.infos.set('acme', { account: { uid: 'u-2', display: 'Redirected' } });
    const allowed = await login(
      new Browser(stack.url),
      'acme',
      `?noava=1&from=${encodeURIComponent('https://app.example.com/x')}`,
    );
    expect(allowed.answer.status).toBe(303);
    expect(allowed.answer.headers.get('location')).toBe('https://app.example.com/x');
    const evil = await login(
      new Browser(stack.url),
      'acme',
      `?noava=1&from=${encodeURIComponent('https://evil.example.com/')}`,
    );
    expect(evil.answer.status).toBe(200);
    expect(evil.answer.headers.get('location')).toBeNull();
    expect(evil.answer.json()).toMatchObject({ name: 'Redirected' });
  });
});
