import type { Logger } from '@gatehouse/logger';
import type { Redis } from 'ioredis';
import type { CredentialChecker } from '../credentials/checker';
import { htpasswdChecker } from '../credentials/htpasswd';
import type { LocalOAuthServer } from '../local-server/server';
import type { PasswordLimits, RateLimiter } from '../stores/limits';
import { AppleProvider } from './apple';
import { catalogueProvider } from './catalogue';
import type { ProviderConfig } from './config';
import { customProvider, type MapUserHook } from './custom';
import { OidcProvider } from './oidc';
import type { OAuth2Provider } from './provider';

export interface ProviderSetupDeps {
  /** AUTH_URL: the local server sends codes to <AUTH_URL>/auth/<name>/callback only. */
  baseUrl: string;
  timeoutMs: number;
  log: Logger;
  /** The application's MapUser hook, for custom providers with `mapping: hook`. */
  mapUser?: MapUserHook;
  /** The application's credential checker for local servers (else the entry's htpasswdFile). */
  checkCredentials?: CredentialChecker;
  /** The application's CheckCredentials hook for a provider, when AUTH_HOOKS lists check-credentials. */
  hookCredentials?: (provider: string) => CredentialChecker;
  /** Password attempts on local servers' login pages, limited as direct login's are. */
  limiter: RateLimiter;
  limits: PasswordLimits;
  /** AUTH_SECRET, from which local servers derive the keys all instances share (else random ones). */
  sharedSecret?: string;
  /** Redis for local servers' logins in progress, so they work across auth instances. */
  redis?: { client: Redis; keyPrefix: string };
}

export interface ConfiguredProviders {
  providers: OAuth2Provider[];
  /** Bound ports of local OAuth2 servers by provider name (port 0 in config picks a free one). */
  localPorts: Record<string, number>;
  stop(): Promise<void>;
}

/**
 * Builds the providers of the AUTH_CONFIG file in order, starting what must run before the first
 * login: OIDC discovery and key sets, Apple's key set, local OAuth2 servers. A failure here names the
 * provider and stops whatever was already started.
 */
export async function startConfiguredProviders(
  configs: ProviderConfig[],
  deps: ProviderSetupDeps,
): Promise<ConfiguredProviders> {
  const providers: OAuth2Provider[] = [];
  const servers: LocalOAuthServer[] = [];
  const localPorts: Record<string, number> = {};
  const stop = async () => {
    await Promise.all(servers.map((s) => s.stop()));
  };
  try {
    for (const config of configs) {
      const log = deps.log.child({ provider: config.name });
      switch (config.type) {
        case 'custom':
          providers.push(customProvider(config, deps.mapUser));
          break;
        case 'oidc': {
          const provider = new OidcProvider(config, { timeoutMs: deps.timeoutMs, log });
          await provider.start();
          providers.push(provider);
          break;
        }
        case 'apple': {
          const provider = new AppleProvider(config, { timeoutMs: deps.timeoutMs });
          await provider.start();
          providers.push(provider);
          break;
        }
        case 'local': {
          // Loaded only when configured: oidc-provider is large and warns about its runtime at import.
          const { LocalOAuthServer } = await import('../local-server/server');
          // The application's checker first, then the htpasswd file, then its CheckCredentials hook.
          const check =
            deps.checkCredentials ??
            (config.htpasswdFile ? htpasswdChecker(config.htpasswdFile) : deps.hookCredentials?.(config.name));
          if (!check) {
            throw new Error('needs a credential checker: set htpasswdFile, or check-credentials in AUTH_HOOKS');
          }
          const { localServerKeys, redisAdapter } = await import('../local-server/shared-state');
          const clientId = `gatehouse-${config.name}`;
          const keys = localServerKeys(deps.sharedSecret, config.name);
          const { clientSecret } = keys;
          if (!deps.sharedSecret || !deps.redis) {
            log.warn(
              { provider: config.name },
              'local OAuth2 server: without AUTH_SECRET and REDIS_URL its keys or logins in progress are this process’s own (one auth instance)',
            );
          }
          const server = new LocalOAuthServer({
            url: config.url,
            host: config.host,
            port: config.port,
            loginPageUrl: config.loginPageUrl,
            client: { clientId, clientSecret, redirectUri: `${deps.baseUrl}/auth/${config.name}/callback` },
            checkCredentials: check,
            name: config.name,
            limiter: deps.limiter,
            limits: deps.limits,
            keys,
            adapter: deps.redis && redisAdapter(deps.redis.client, `${deps.redis.keyPrefix}local:${config.name}:`),
            log: log.child({ component: 'local-oauth' }),
          });
          servers.push(server);
          const started = await server.start();
          localPorts[config.name] = started.port;
          const provider = new OidcProvider(
            {
              name: config.name,
              issuer: started.url,
              clientId,
              clientSecret,
              scopes: ['openid', 'profile'],
              userInfo: false,
              userAttributes: {},
            },
            { timeoutMs: deps.timeoutMs, log },
          );
          await provider.start();
          providers.push(provider);
          break;
        }
        default:
          providers.push(catalogueProvider(config));
      }
    }
  } catch (err) {
    await stop();
    const name = configs[providers.length]?.name ?? '?';
    throw new Error(`provider ${name}: ${(err as Error).message}`, { cause: err });
  }
  return { providers, localPorts, stop };
}
