import type { Closers } from '@gatehouse/grpc-kit';
import type { AuthConfig } from '../config';
import { type OidcFeature, openOidc } from '../oidc/open';
import type { Core } from './core';
import type { StartedProviders } from './providers';
import type { SessionsFeature } from './sessions';
import type { Signing } from './tokens';

/**
 * The OpenID provider (docs/openid-provider.md), when AUTH_OIDC_PROVIDER is on: on auth's Postgres, the
 * stack's keys, the directory's users; its login page offers the redirect-based providers started above.
 */
export function openOidcProvider(
  config: AuthConfig,
  core: Core,
  signing: Signing,
  providers: StartedProviders,
  sessions: SessionsFeature,
  closers: Closers,
): OidcFeature | undefined {
  if (!config.oidc?.enabled || !core.pool) return undefined;
  const oidc = openOidc({
    settings: config.oidc,
    issuer: config.token.url,
    avatarRoutePath: config.token.avatarRoutePath,
    pool: core.pool,
    token: config.token,
    tokens: signing.tokens,
    revocations: core.stores.revocations,
    providerNames: () => providers.registry.names(),
    trail: sessions.trail,
    endSession: async (token) => {
      const ended = await sessions.sessions.end(token);
      if (ended) sessions.recorder?.loggedOut();
      return ended;
    },
    limiter: core.stores.limiter,
    log: core.log,
  });
  closers.add('OpenID provider', () => oidc.stop());
  // Every road a session ends by reaches the clients it signed into (back-channel logout); closed
  // before the provider, and the logouts under way are let finish.
  const unlisten = sessions.sessions.onEnded(oidc.sessionEnded);
  closers.add('back-channel logout', async () => {
    unlisten();
    await oidc.idle();
  });
  return oidc;
}
