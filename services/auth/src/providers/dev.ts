import { hkdfSync, randomBytes } from 'node:crypto';
import type { Logger } from '@gatehouse/logger';
import { userId } from '@gatehouse/token';
import type { UsedTokens } from '../stores/used-tokens';
import { DevOAuthServer } from './dev-server';
import type { OAuth2Provider } from './provider';

export const DEV_CLIENT_ID = 'gatehouse-dev';

/** AUTH_DEV_*: the development provider's OAuth2 server. */
export interface DevProviderSettings {
  host: string;
  port: number;
  /** Browser-facing base URL of the dev OAuth2 server. */
  url: string;
  emailDomain: string | undefined;
}

/** The address a listener on `host` is reached at from the same machine (a wildcard means loopback). */
export function loopbackFor(host: string): string {
  return host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
}

export interface RunningDevProvider {
  provider: OAuth2Provider;
  /** The dev server's bound port (a configured port 0 picks a free one). */
  port: number;
  stop(): Promise<void>;
}

/**
 * The dev server's client secret and sealing key: derived from `secret` (AUTH_SECRET) with HKDF, so
 * every auth replica agrees on them (a code sealed by one is redeemed at another), and knowing them says
 * nothing of the secret itself; without a secret, random ones, good for this one process.
 */
function devServerKeys(secret: string | undefined): { clientSecret: string; sealKey: Uint8Array } {
  const derive = (purpose: string) =>
    secret ? Buffer.from(hkdfSync('sha256', secret, 'gatehouse-dev-oauth', purpose, 32)) : randomBytes(32);
  return { clientSecret: derive('client-secret').toString('base64url'), sealKey: derive('seal') };
}

/**
 * Starts the dev OAuth2 server and returns the `dev` provider that logs in through it. Each auth replica
 * runs one; they share nothing but the keys derived from AUTH_SECRET and the used-code marks, so the
 * browser's form and the code exchange may reach different replicas.
 */
export async function startDevProvider(
  settings: DevProviderSettings,
  deps: { callbackUrl: string; log: Logger; secret: string | undefined; usedCodes: UsedTokens },
): Promise<RunningDevProvider> {
  const { clientSecret, sealKey } = devServerKeys(deps.secret);
  const server = new DevOAuthServer({
    host: settings.host,
    port: settings.port,
    callbackUrl: deps.callbackUrl,
    clientId: DEV_CLIENT_ID,
    clientSecret,
    emailDomain: settings.emailDomain,
    sealKey,
    usedCodes: deps.usedCodes,
    log: deps.log.child({ component: 'dev-oauth' }),
  });
  const port = await server.start();
  const browser = settings.port === 0 ? settings.url.replace(/:0$/, `:${port}`) : settings.url;
  const local = `http://${loopbackFor(settings.host)}:${port}`;
  return { provider: devProvider({ browser, server: local }, clientSecret), port, stop: () => server.stop() };
}

/** Where the dev OAuth2 server is reached: by the browser, and by this process itself. */
export interface DevServerUrls {
  /** AUTH_DEV_URL: the address the browser is sent to (under compose, the published port). */
  browser: string;
  /** The listener in this same process, called directly for the code exchange and user info. */
  server: string;
}

/**
 * The `dev` provider: the development OAuth2 server on loopback, used through the same engine as any
 * real provider (state, PKCE, code exchange, user info). The user's name is what was typed in the form.
 * Only the authorization step goes through the browser's address; the server-to-server calls stay in
 * the process, so the published port (AUTH_DEV_PUBLISH in compose) need not equal the port inside.
 */
export function devProvider(urls: DevServerUrls, clientSecret: string): OAuth2Provider {
  return {
    name: 'dev',
    authorizationEndpoint: `${urls.browser}/login/oauth/authorize`,
    tokenEndpoint: `${urls.server}/login/oauth/access_token`,
    userInfoEndpoint: `${urls.server}/user`,
    clientId: DEV_CLIENT_ID,
    clientSecret,
    scopes: ['user:email'],
    allowInsecureRequests: true,
    mapUser(info) {
      const name = typeof info.name === 'string' ? info.name : '';
      if (!name) return null;
      return {
        id: userId('dev', name),
        name,
        email: typeof info.email === 'string' ? info.email : undefined,
        picture: typeof info.picture === 'string' ? info.picture : undefined,
      };
    },
  };
}
