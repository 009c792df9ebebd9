import { userId } from '@gatehouse/token';
import type { CustomProviderConfig } from './config';
import { isLoopbackHttp, pick, text, withAttributes } from './mapping';
import type { OAuth2Provider, ProviderUser } from './provider';

/**
 * The application's user mapping (hooks/v1 AuthHooks.MapUser): the provider name and the raw user-info
 * bytes in, the user out. The gRPC binding lives with the hooks client; this is the seam.
 */
export type MapUserHook = (provider: string, rawInfo: Buffer) => Promise<ProviderUser>;

/**
 * A custom OAuth2 provider (go-pkgz AddCustomProvider): any third party with its endpoints, scopes and a
 * user mapping from config (dotted paths) or from the application's MapUser hook. Ids always carry the
 * provider's name (`<name>_<sha1>`), so a custom provider can never speak for another provider's users.
 */
export function customProvider(config: CustomProviderConfig, hook: MapUserHook | undefined): OAuth2Provider {
  const { mapping } = config;
  if (mapping === 'hook' && !hook) {
    throw new Error(`provider ${config.name}: mapping "hook" needs the application's MapUser hook`);
  }
  const finish = (user: ProviderUser, info: Record<string, unknown>): ProviderUser =>
    withAttributes(
      { ...user, id: user.id.startsWith(`${config.name}_`) ? user.id : userId(config.name, user.id) },
      info,
      config.userAttributes,
    );
  return {
    name: config.name,
    authorizationEndpoint: config.authUrl,
    tokenEndpoint: config.tokenUrl,
    userInfoEndpoint: config.infoUrl,
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    scopes: config.scopes,
    tokenAuth: config.tokenAuth,
    allowInsecureRequests: [config.authUrl, config.tokenUrl, config.infoUrl].some(isLoopbackHttp),
    async mapUser(info, raw) {
      if (mapping === 'hook') {
        const user = await (hook as MapUserHook)(config.name, raw);
        if (!user?.id) return null;
        return finish({ ...user, name: user.name || user.id }, info);
      }
      const rawId = text(pick(info, mapping.id));
      if (!rawId) return null;
      // Always hashed here: a user-chosen field (a login) must not be able to spell another user's final id.
      const user: ProviderUser = {
        id: userId(config.name, rawId),
        name: (mapping.name && text(pick(info, mapping.name))) || rawId,
      };
      const picture = mapping.picture ? text(pick(info, mapping.picture)) : '';
      if (picture) user.picture = picture;
      const email = mapping.email ? text(pick(info, mapping.email)) : '';
      if (email) user.email = email;
      return finish(user, info);
    },
  };
}
