import { createHash } from 'node:crypto';
import { catalogueProvider } from './catalogue';
import type { CatalogueProviderConfig } from './config';

const sha1 = (s: string) => createHash('sha1').update(s).digest('hex');

function provider(type: CatalogueProviderConfig['type'], extra: Partial<CatalogueProviderConfig> = {}) {
  return catalogueProvider({
    name: type,
    type,
    clientId: 'c',
    clientSecret: 's',
    userAttributes: {},
    tenant: 'common',
    numericId: false,
    ...extra,
  });
}

const map = (type: CatalogueProviderConfig['type'], info: Record<string, unknown>, extra = {}) =>
  provider(type, extra).mapUser(info, Buffer.from(JSON.stringify(info)));

describe('provider catalogue', () => {
  it('uses the real endpoints and minimal scopes', () => {
    expect(provider('microsoft', { tenant: 'contoso.com' })).toMatchObject({
      authorizationEndpoint: 'https://login.microsoftonline.com/contoso.com/oauth2/v2.0/authorize',
      scopes: ['User.Read'],
      pictureNeedsToken: true,
    });
    expect(provider('twitter')).toMatchObject({ tokenAuth: 'basic', scopes: ['users.read', 'tweet.read'] });
    expect(provider('github')).toMatchObject({ scopes: [], allowInsecureRequests: false });
    expect(provider('github', { authUrl: 'http://127.0.0.1:9/a' }).allowInsecureRequests).toBe(true);
  });

  it('builds Yandex and Discord picture URLs, and none without an avatar', async () => {
    expect(await map('yandex', { id: '1', login: 'l', default_avatar_id: '131652443/x' })).toMatchObject({
      picture: 'https://avatars.yandex.net/get-yapic/131652443%2Fx/islands-200',
    });
    expect(
      await map('yandex', { id: '1', login: 'l', default_avatar_id: 'a', is_avatar_empty: true }),
    ).not.toHaveProperty('picture');
    const avatar = 'a'.repeat(32);
    expect(await map('discord', { id: '99', username: 'd', avatar })).toMatchObject({
      picture: `https://cdn.discordapp.com/avatars/99/${avatar}.webp`,
    });
    expect(await map('discord', { id: '99', username: 'd', avatar: '../../x' })).not.toHaveProperty('picture');
  });

  it('keeps GitHub ids on the numeric account id when asked', async () => {
    expect(await map('github', { login: 'octo', id: 583231 }, { numericId: true })).toMatchObject({
      id: `github_${sha1('gid:583231')}`,
      name: 'octo',
    });
  });

  it('answers null for user info without an id', async () => {
    expect(await map('github', { message: 'Bad credentials' })).toBeNull();
    expect(await map('patreon', { errors: [] })).toBeNull();
  });
});
