import type { TokenSettings } from '@gatehouse/config';
import { type HooksClient, hookSecretReader } from '@gatehouse/hooks-sdk';
import type { Logger } from '@gatehouse/logger';
import { configSecretReader, configuredKeys } from '@gatehouse/token';
import { ProviderNames } from './provider-names';
import { siteSecretsWarning } from './site-secrets-warning';
import { TokenVerifier } from './verifier';

/**
 * The gateway's token verification: the keys (AUTH_SECRET and AUTH_SECRETS_FILE, or the public half of
 * the key file), the verifier and its cache, and the auth service's provider list, refreshed as tokens are checked,
 * (a token of a provider no longer configured is refused; the warning about sites' HS256 secrets waits
 * for that list). The gateway imports only public keys: it verifies and serves the JWKS without asking
 * the auth service, so it starts and keeps working while that one restarts, and never holds a key that
 * signs.
 */
export async function gatewayVerification(
  token: TokenSettings,
  hooks: HooksClient | undefined,
  listProviders: () => Promise<string[]>,
  log: Logger,
) {
  const hookSecrets = hooks?.has('read-secret') ?? false;
  const warnSiteSecrets = siteSecretsWarning(token, hookSecrets, log);
  const providerNames = new ProviderNames({
    list: listProviders,
    onChange: (names) => {
      verifier.clear();
      warnSiteSecrets(names);
    },
    log,
  });
  const keys = await configuredKeys(
    token,
    hooks && hookSecrets ? hookSecretReader(hooks) : configSecretReader(token.secret, token.secretsByAudience),
    hookSecrets,
    'verify',
  );
  const verifier = new TokenVerifier(keys.verification, token.audiences, Date.now, {
    issuer: token.issuer,
    providerAllowed: providerNames.allowed,
    inUse: providerNames.keepFresh,
  });
  providerNames.start();
  return { keys, verifier, providerNames };
}
