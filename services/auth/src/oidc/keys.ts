import { hkdfSync, randomBytes } from 'node:crypto';
import type { Logger } from '@gatehouse/logger';
import type { JwtAlgorithm } from '@gatehouse/token';
import { randomScalar, signingJwk } from '../local-server/shared-state';
import type { OidcSettings } from './config';

/** The provider's keys: its signing JWKs (private; the first signs, every one verifies) and cookie keys. */
export interface ProviderKeys {
  alg: 'ES256' | 'EdDSA';
  jwks: Record<string, unknown>[];
  /** Keygrip keys for the provider's signed cookies: the first signs, every one verifies. */
  cookieKeys: string[];
}

const derive = (key: Buffer, purpose: string, bytes: number) =>
  Buffer.from(hkdfSync('sha256', key, 'gatehouse-oidc-provider', purpose, bytes));

/** The ES256 key derived from `key` (AUTH_TOTP_KEY or a retired one) for the provider alone. */
function derivedSigningJwk(key: Buffer): Record<string, string> {
  let counter = 0;
  return signingJwk(randomScalar(() => derive(key, `es256:${counter++}`, 32)));
}

/**
 * The provider's keys. ID tokens, logout tokens and resource access tokens are signed with the stack's
 * own keys when its sessions are ES256 or EdDSA (AUTH_SIGNING_KEYS_FILE: the same JWKS, rotated the same
 * way); a stack whose sessions are HS256 has no key a relying party could verify with, so the provider
 * signs with an ES256 key of its own derived from AUTH_TOTP_KEY (auth's alone; the gateway, which holds
 * the HS256 secret, cannot derive it), its retired keys still published while AUTH_TOTP_KEY_PREVIOUS
 * lists them. The cookie keys come from the same secret, so every replica reads every other's cookies.
 * Without AUTH_TOTP_KEY both are this process's own: one replica only (said at start).
 */
export function providerKeys(
  token: { alg: JwtAlgorithm; signingJwks: Record<string, unknown>[] },
  settings: OidcSettings,
  log: Logger,
): ProviderKeys {
  const secrets = settings.keys?.key ? [settings.keys.key, ...settings.keys.previous] : undefined;
  if (!secrets) {
    log.warn(
      'AUTH_TOTP_KEY is unset: the OpenID provider uses keys of this process only (one replica; its tokens and cookies end with it)',
    );
  }
  const keys = secrets ?? [randomBytes(32)];
  const cookieKeys = keys.map((k) => derive(k, 'cookies', 32).toString('base64url'));
  if (token.alg === 'ES256' || token.alg === 'EdDSA') {
    return { alg: token.alg, jwks: token.signingJwks.map((k) => ({ ...k, use: 'sig' })), cookieKeys };
  }
  return { alg: 'ES256', jwks: keys.map(derivedSigningJwk), cookieKeys };
}
