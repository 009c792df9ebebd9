import type { Closers } from '@gatehouse/grpc-kit';
import type { AuthConfig } from '../config';
import type { CredentialChecker } from '../credentials/checker';
import { hookChecker } from '../credentials/hook';
import type { MapUserHook } from '../providers/custom';
import { startDevProvider } from '../providers/dev';
import { ProviderRegistry } from '../providers/registry';
import { startConfiguredProviders } from '../providers/setup';
import type { Core } from './core';

export interface StartedProviders {
  registry: ProviderRegistry;
  /** The dev provider's port (AUTH_DEV_PROVIDER), and the local OAuth2 servers' by provider name. */
  devPort: number | undefined;
  localPorts: Record<string, number>;
}

/** The identity providers, started in order: the dev server, then AUTH_CONFIG's (discovery, key sets, local servers). */
export async function startProviders(
  config: AuthConfig,
  core: Core,
  overrides: { mapUser?: MapUserHook; checkCredentials?: CredentialChecker },
  closers: Closers,
): Promise<StartedProviders> {
  const { stores, hooks, log } = core;
  const registry = new ProviderRegistry();
  const dev =
    config.dev &&
    closers.open(
      'dev provider',
      await startDevProvider(config.dev, {
        callbackUrl: `${config.token.url}/auth/dev/callback`,
        log,
        secret: config.token.secret,
        usedCodes: stores.usedTokens,
      }),
      (d) => d.stop(),
    );
  if (dev) registry.register(dev.provider);
  const configured = closers.open(
    'configured providers',
    await startConfiguredProviders(config.providers, {
      baseUrl: config.token.url,
      timeoutMs: config.providerTimeoutMs,
      log,
      // The application's MapUser hook, when it implements one (AUTH_HOOKS map-user).
      mapUser: overrides.mapUser ?? (hooks?.has('map-user') ? (name, raw) => hooks.mapUser(name, raw) : undefined),
      checkCredentials: overrides.checkCredentials,
      hookCredentials: hooks?.has('check-credentials') ? (name) => hookChecker(hooks, name) : undefined,
      limiter: stores.limiter,
      limits: config.limits.direct,
      sharedSecret: config.token.secret,
      redis: stores.redis && { client: stores.redis, keyPrefix: config.redis.keyPrefix },
    }),
    (c) => c.stop(),
  );
  for (const provider of configured.providers) registry.register(provider);
  return { registry, devPort: dev ? dev.port : undefined, localPorts: configured.localPorts };
}
