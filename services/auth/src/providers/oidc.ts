import type { Logger } from '@gatehouse/logger';
import { userId } from '@gatehouse/token';
import { errors } from 'jose';
import * as oidc from 'openid-client';
import { loginErrors } from '../errors';
import { providerFetch, withProviderFetch } from '../http/provider-fetch';
import type { OidcProviderConfig } from './config';
import { KeySet } from './key-set';
import { isLoopbackHttp, text, withAttributes } from './mapping';
import type { OAuth2Provider, ProviderUser, TokenContext } from './provider';

export const ASYMMETRIC_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'EdDSA'];

export interface OidcDeps {
  timeoutMs: number;
  log: Logger;
}

/** Checks an ID token against a key set; a bad token is the caller's 403, a key set we can't reach a 503. */
export async function verifyIdToken(keys: KeySet, token: string | undefined, issuer: string, audience: string) {
  if (!token) throw loginErrors.invalidIdToken(new Error('no id_token in the token answer'));
  try {
    return await keys.verify(token, { issuer, audience });
  } catch (err) {
    if (err instanceof errors.JOSEError) throw loginErrors.invalidIdToken(err);
    throw loginErrors.userInfoUnavailable(err);
  }
}

/**
 * A generic OpenID Connect provider: issuer discovery, the authorization-code flow with state, PKCE
 * and nonce (the engine's), and the user from the validated ID token (plus userinfo when configured).
 * Discovery and the key set are loaded at start; if the issuer is down then, the first login retries.
 */
export class OidcProvider implements OAuth2Provider {
  readonly name: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly scopes: string[];
  readonly usesIdToken = true;
  readonly allowInsecureRequests: boolean;
  private discovered: oidc.Configuration | undefined;
  private keys: KeySet | undefined;

  constructor(
    private readonly config: Omit<OidcProviderConfig, 'type'>,
    private readonly deps: OidcDeps,
  ) {
    this.name = config.name;
    this.clientId = config.clientId;
    this.clientSecret = config.clientSecret;
    this.scopes = config.scopes.includes('openid') ? config.scopes : ['openid', ...config.scopes];
    this.allowInsecureRequests = isLoopbackHttp(config.issuer);
  }

  get authorizationEndpoint(): string {
    return this.discovered?.serverMetadata().authorization_endpoint ?? '';
  }

  get tokenEndpoint(): string {
    return this.discovered?.serverMetadata().token_endpoint ?? '';
  }

  get userInfoEndpoint(): string {
    return this.discovered?.serverMetadata().userinfo_endpoint ?? '';
  }

  /** Number of key-set fetches so far (start-up included). */
  get keyLoads(): number {
    return this.keys?.loadCount ?? 0;
  }

  /** Discovery and key set; failures are logged, not fatal: the issuer may come back before anyone logs in. */
  async start(): Promise<void> {
    try {
      await this.configuration();
    } catch (err) {
      this.deps.log.error({ provider: this.name, err }, 'OpenID Connect discovery failed; retrying at first login');
    }
  }

  async configuration(): Promise<oidc.Configuration> {
    if (!this.discovered) {
      let config: oidc.Configuration;
      try {
        config = await oidc.discovery(
          new URL(this.config.issuer),
          this.clientId,
          undefined,
          oidc.ClientSecretPost(this.clientSecret),
          {
            execute: this.allowInsecureRequests ? [oidc.allowInsecureRequests] : [],
            timeout: Math.ceil(this.deps.timeoutMs / 1000),
            [oidc.customFetch]: providerFetch,
          },
        );
      } catch (err) {
        throw loginErrors.exchangeUnavailable(err);
      }
      withProviderFetch(config, this.deps.timeoutMs);
      const jwksUri = config.serverMetadata().jwks_uri;
      if (!jwksUri) throw loginErrors.exchangeUnavailable(new Error(`${this.config.issuer} publishes no jwks_uri`));
      const keys = new KeySet({ url: jwksUri, timeoutMs: this.deps.timeoutMs, algorithms: ASYMMETRIC_ALGORITHMS });
      try {
        await keys.load();
      } catch (err) {
        throw loginErrors.exchangeUnavailable(err);
      }
      this.keys = keys;
      this.discovered = config;
    }
    return this.discovered;
  }

  async loadUser({ config, tokens }: TokenContext): Promise<ProviderUser> {
    const issuer = config.serverMetadata().issuer;
    const claims = await verifyIdToken(this.keys as KeySet, tokens.id_token, issuer, this.clientId);
    const sub = text(claims.sub);
    if (!sub) throw loginErrors.invalidIdToken(new Error('id_token has no sub'));
    let info: Record<string, unknown> = claims;
    if (this.config.userInfo) {
      try {
        info = { ...claims, ...(await oidc.fetchUserInfo(config, tokens.access_token, sub)) };
      } catch (err) {
        throw loginErrors.userInfoUnavailable(err);
      }
    }
    const id = userId(this.name, sub);
    const user: ProviderUser = {
      id,
      name: text(info.name) || text(info.preferred_username) || text(info.nickname) || `noname_${id.slice(-8, -2)}`,
    };
    if (text(info.picture)) user.picture = text(info.picture);
    // A boolean true only: some issuers send "true" as a string, which verifies nothing.
    if (text(info.email)) user.asserted = { email: text(info.email), verified: info.email_verified === true };
    return withAttributes(user, info, this.config.userAttributes);
  }

  mapUser(): ProviderUser | null {
    return null; // never called: the user comes from the ID token (loadUser)
  }
}
