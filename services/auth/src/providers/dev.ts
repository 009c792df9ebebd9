import { userId } from '@gatehouse/token';
import type { DevProviderConfig } from '../config';
import type { OAuth2Provider } from './provider';

export const DEV_CLIENT_ID = 'gatehouse-dev';

/**
 * The `dev` provider: the development OAuth2 server on loopback, used through the same engine as any
 * real provider (state, PKCE, code exchange, user info). The user's name is what was typed in the form.
 */
export function devProvider(config: DevProviderConfig, clientSecret: string): OAuth2Provider {
  return {
    name: 'dev',
    authorizationEndpoint: `${config.url}/login/oauth/authorize`,
    tokenEndpoint: `${config.url}/login/oauth/access_token`,
    userInfoEndpoint: `${config.url}/user`,
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
