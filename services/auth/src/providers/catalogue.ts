import { userId } from '@gatehouse/token';
import type { CatalogueProviderConfig, CatalogueType } from './config';
import { isLoopbackHttp, pick, text, withAttributes } from './mapping';
import type { OAuth2Provider, ProviderUser } from './provider';

interface CatalogueEntry {
  authUrl: string;
  tokenUrl: string;
  infoUrl: string;
  /** The minimal scopes that give id, name and picture. */
  scopes: string[];
  tokenAuth?: 'post' | 'basic';
  pictureNeedsToken?: boolean;
  /** Raw id, name and picture from the user-info answer (id prefix and hashing are common). */
  map(info: Record<string, unknown>, config: CatalogueProviderConfig): { raw: string; name: string; picture?: string };
}

const FACEBOOK_GRAPH = 'v21.0';

/** Endpoints, scopes and mappings of the catalogue kinds, as go-pkgz/auth has them. */
const ENTRIES: Record<CatalogueType, (c: CatalogueProviderConfig) => CatalogueEntry> = {
  github: () => ({
    authUrl: 'https://github.com/login/oauth/authorize',
    tokenUrl: 'https://github.com/login/oauth/access_token',
    infoUrl: 'https://api.github.com/user',
    scopes: [],
    map: (info, config) => ({
      // A login can be renamed and re-registered by someone else; the numeric id cannot (opt-in).
      raw: config.numericId ? (info.id === undefined ? '' : `gid:${text(info.id)}`) : text(info.login),
      name: text(info.name) || text(info.login),
      picture: text(info.avatar_url),
    }),
  }),
  google: () => ({
    authUrl: 'https://accounts.google.com/o/oauth2/auth',
    tokenUrl: 'https://oauth2.googleapis.com/token',
    infoUrl: 'https://www.googleapis.com/oauth2/v3/userinfo',
    scopes: ['https://www.googleapis.com/auth/userinfo.profile'],
    map: (info) => ({ raw: text(info.sub), name: text(info.name), picture: text(info.picture) }),
  }),
  facebook: () => ({
    authUrl: `https://www.facebook.com/${FACEBOOK_GRAPH}/dialog/oauth`,
    tokenUrl: `https://graph.facebook.com/${FACEBOOK_GRAPH}/oauth/access_token`,
    infoUrl: `https://graph.facebook.com/${FACEBOOK_GRAPH}/me?fields=id,name,picture`,
    scopes: ['public_profile'],
    map: (info) => ({ raw: text(info.id), name: text(info.name), picture: text(pick(info, 'picture.data.url')) }),
  }),
  microsoft: (c) => ({
    authUrl: `https://login.microsoftonline.com/${c.tenant}/oauth2/v2.0/authorize`,
    tokenUrl: `https://login.microsoftonline.com/${c.tenant}/oauth2/v2.0/token`,
    infoUrl: 'https://graph.microsoft.com/v1.0/me',
    scopes: ['User.Read'],
    pictureNeedsToken: true,
    map: (info, config) => ({
      raw: text(info.id),
      name: text(info.displayName),
      // The photo is only served with the user's token; the avatar service sends it to this origin only.
      picture: `${new URL(config.infoUrl ?? 'https://graph.microsoft.com/v1.0/me').origin}/beta/me/photo/$value`,
    }),
  }),
  yandex: () => ({
    authUrl: 'https://oauth.yandex.com/authorize',
    tokenUrl: 'https://oauth.yandex.com/token',
    infoUrl: 'https://login.yandex.ru/info?format=json',
    scopes: [],
    map: (info) => {
      const avatar = text(info.default_avatar_id);
      return {
        raw: text(info.id),
        name: text(info.display_name) || text(info.real_name) || text(info.login),
        picture:
          avatar && info.is_avatar_empty !== true
            ? `https://avatars.yandex.net/get-yapic/${encodeURIComponent(avatar)}/islands-200`
            : undefined,
      };
    },
  }),
  battlenet: () => ({
    authUrl: 'https://oauth.battle.net/authorize',
    tokenUrl: 'https://oauth.battle.net/token',
    infoUrl: 'https://oauth.battle.net/userinfo',
    scopes: [],
    map: (info) => ({ raw: text(info.id), name: text(info.battletag) }),
  }),
  patreon: () => ({
    authUrl: 'https://www.patreon.com/oauth2/authorize',
    tokenUrl: 'https://www.patreon.com/api/oauth2/token',
    infoUrl: 'https://www.patreon.com/api/oauth2/api/current_user',
    scopes: [],
    map: (info) => ({
      raw: text(pick(info, 'data.id')),
      name: text(pick(info, 'data.attributes.full_name')),
      picture: text(pick(info, 'data.attributes.image_url')),
    }),
  }),
  discord: () => ({
    authUrl: 'https://discord.com/oauth2/authorize',
    tokenUrl: 'https://discord.com/api/oauth2/token',
    infoUrl: 'https://discord.com/api/v10/users/@me',
    scopes: ['identify'],
    map: (info) => {
      const id = text(info.id);
      const avatar = text(info.avatar);
      return {
        raw: id,
        name: text(info.username),
        picture:
          id && /^(a_)?[0-9a-f]{32}$/.test(avatar)
            ? `https://cdn.discordapp.com/avatars/${id}/${avatar}.webp`
            : undefined,
      };
    },
  }),
  // X's OAuth 2.0 with PKCE; confidential clients authenticate with HTTP Basic. users/me needs tweet.read too.
  twitter: () => ({
    authUrl: 'https://x.com/i/oauth2/authorize',
    tokenUrl: 'https://api.x.com/2/oauth2/token',
    infoUrl: 'https://api.x.com/2/users/me?user.fields=profile_image_url',
    scopes: ['users.read', 'tweet.read'],
    tokenAuth: 'basic',
    map: (info) => ({
      raw: text(pick(info, 'data.id')),
      name: text(pick(info, 'data.username')) || text(pick(info, 'data.name')),
      picture: text(pick(info, 'data.profile_image_url')),
    }),
  }),
};

/** go-pkgz name fallbacks that look at the final id: google `noname_`+ID[8:12], facebook ID[0:16]. */
function fallbackName(type: CatalogueType, id: string): string {
  if (type === 'facebook') return id.slice(0, 16);
  if (type === 'google') return `noname_${id.slice(8, 12)}`;
  return `noname_${id.slice(type.length + 1, type.length + 7)}`;
}

/** A catalogue (social) provider from its config entry: ids are `<type>_<sha1(raw id)>` as in go-pkgz. */
export function catalogueProvider(config: CatalogueProviderConfig): OAuth2Provider {
  const cat = ENTRIES[config.type](config);
  const endpoints = {
    authorizationEndpoint: config.authUrl ?? cat.authUrl,
    tokenEndpoint: config.tokenUrl ?? cat.tokenUrl,
    userInfoEndpoint: config.infoUrl ?? cat.infoUrl,
  };
  return {
    name: config.name,
    ...endpoints,
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    scopes: config.scopes ?? cat.scopes,
    tokenAuth: cat.tokenAuth,
    pictureNeedsToken: cat.pictureNeedsToken,
    allowInsecureRequests: Object.values(endpoints).some(isLoopbackHttp),
    mapUser(info): ProviderUser | null {
      const mapped = cat.map(info, config);
      if (!mapped.raw) return null;
      const id = userId(config.type, mapped.raw);
      const user: ProviderUser = { id, name: mapped.name || fallbackName(config.type, id) };
      if (mapped.picture) user.picture = mapped.picture;
      if (config.type === 'patreon') {
        const pledges = pick(info, 'relationships.pledges.data') ?? pick(info, 'data.relationships.pledges.data');
        if (Array.isArray(pledges) && pledges.length > 0) user.attrs = { is_paid_sub: true };
      }
      return withAttributes(user, info, config.userAttributes);
    },
  };
}
