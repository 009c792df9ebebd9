import type { Closers } from '@gatehouse/grpc-kit';
import type { AuthConfig } from '../config';
import { DEMO_CLIENT_ID, ensureDemoClient } from '../oidc/demo-client';
import { type OidcFeature, openOidc } from '../oidc/open';
import type { Core } from './core';
import type { StartedProviders } from './providers';
import type { SessionsFeature } from './sessions';
import type { Signing } from './tokens';

/**
 * The OpenID provider (docs/openid-provider.md), when AUTH_OIDC_PROVIDER is on: on auth's Postgres, the
 * stack's keys, the directory's users; its login page offers the redirect-based providers started above;
 * with AUTH_OIDC_DEMO_CLIENT, the demo client registered when missing.
 */
export async function openOidcProvider(
  config: AuthConfig,
  core: Core,
  signing: Signing,
  providers: StartedProviders,
  sessions: SessionsFeature,
  closers: Closers,
): Promise<OidcFeature | undefined> {
  if (!config.oidc?.enabled || !core.pool) return undefined;
  const orgs = signing.organizations;
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
    // The `organization` scope's memberships (docs/organizations.md "OpenID provider").
    organizations: orgs && ((org, userId) => orgs.claims(org, userId)),
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
  // The demo client of `pnpm start` (AUTH_OIDC_DEMO_CLIENT): made once, kept as an operator leaves it.
  if (config.oidc.demoClient && (await ensureDemoClient(oidc.clients)))
    core.log.info({ client_id: DEMO_CLIENT_ID }, 'OpenID provider: the demo client is registered');
  return oidc;
}
