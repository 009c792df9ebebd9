import type { Logger } from '@gatehouse/logger';
import { type KeySettings, siteSecretAudiences } from '@gatehouse/token';

/** The provider the auth service lists when it keeps passkeys, and TOTP secrets, in Postgres. */
const PASSKEY_PROVIDER = 'passkey';

/**
 * Warns, once, when sites have HS256 secrets of their own (AUTH_SECRETS_FILE) on a stack with passkeys
 * and TOTP (the auth service lists `passkey` exactly when it has the database both live in): each of
 * those sites can sign any token for its audience. The gateway's own routes refuse such tokens, but
 * /auth/user and the site's routes take them; asymmetric keys leave signing to the auth service alone.
 * Called with each new provider list (ProviderNames).
 */
export function siteSecretsWarning(settings: KeySettings, hookSecrets: boolean, log: Logger) {
  const sites = !hookSecrets && settings.alg === 'HS256' && siteSecretAudiences(settings) !== undefined;
  let warned = false;
  return (providers: ReadonlySet<string>): void => {
    if (!sites || warned || !providers.has(PASSKEY_PROVIDER)) return;
    warned = true;
    log.warn(
      'AUTH_SECRETS_FILE gives sites HS256 secrets of their own on a stack with passkeys and TOTP: each site can sign any token for its audience (HS256 lets every verifier mint). The gateway refuses those tokens on its own routes; use AUTH_JWT_ALG=ES256 or EdDSA wherever applications verify tokens',
    );
  };
}
