import { userId } from '@gatehouse/token';
import { SignJWT } from 'jose';
import * as oidc from 'openid-client';
import { loginErrors } from '../errors';
import { withProviderFetch } from '../http/provider-fetch';
import type { AppleProviderConfig } from './config';
import { KeySet } from './key-set';
import { isLoopbackHttp, text } from './mapping';
import { verifyIdToken } from './oidc';
import type { OAuth2Provider, ProviderUser, TokenContext } from './provider';

/** Apple's client secret lives 30 minutes (as go-pkgz signs it); a new one is made well before that. */
const SECRET_TTL_S = 30 * 60;
const SECRET_RENEW_MS = 20 * 60 * 1000;

/**
 * Sign in with Apple, made stricter: the client secret is an ES256 JWT signed with the
 * team's key; the ID token is checked against Apple's key set (cached, reloaded on an unknown kid) with
 * iss, aud, exp and the engine's nonce; the id comes from `sub`; the name arrives in the form_post `user`
 * field on the first sign-up only. Apple has no user-info or picture API.
 */
export class AppleProvider implements OAuth2Provider {
  readonly name: string;
  readonly clientId: string;
  readonly clientSecret = '';
  readonly scopes: string[];
  readonly usesIdToken = true;
  readonly authorizeParams: Record<string, string>;
  readonly authorizationEndpoint: string;
  readonly tokenEndpoint: string;
  readonly userInfoEndpoint = '';
  readonly allowInsecureRequests: boolean;
  private readonly keys: KeySet;
  private current: { config: oidc.Configuration; madeAt: number } | undefined;

  constructor(
    private readonly config: AppleProviderConfig,
    private readonly deps: { timeoutMs: number; now?: () => number },
  ) {
    this.name = config.name;
    this.clientId = config.clientId;
    this.authorizationEndpoint = config.authUrl;
    this.tokenEndpoint = config.tokenUrl;
    // Apple only sends the name with form_post, and refuses a scope with any other response mode.
    this.scopes = config.responseMode === 'form_post' ? ['name'] : [];
    this.authorizeParams = { response_mode: config.responseMode };
    this.allowInsecureRequests = [config.authUrl, config.tokenUrl, config.keysUrl, config.issuer].some(isLoopbackHttp);
    this.keys = new KeySet({ url: config.keysUrl, timeoutMs: deps.timeoutMs, algorithms: ['RS256', 'ES256'] });
  }

  /** Loads Apple's key set; a failure is not fatal (the first login reloads it). */
  async start(): Promise<void> {
    await this.keys.load().catch(() => undefined);
  }

  /** The ES256 client secret Apple wants instead of a static one. */
  async clientSecretJwt(): Promise<string> {
    const now = Math.floor((this.deps.now ?? Date.now)() / 1000);
    return new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: this.config.keyId })
      .setIssuer(this.config.teamId)
      .setIssuedAt(now)
      .setExpirationTime(now + SECRET_TTL_S)
      .setAudience(this.config.issuer)
      .setSubject(this.clientId)
      .sign(this.config.privateKey);
  }

  async configuration(): Promise<oidc.Configuration> {
    const now = (this.deps.now ?? Date.now)();
    if (!this.current || now - this.current.madeAt > SECRET_RENEW_MS) {
      const config = new oidc.Configuration(
        {
          issuer: this.config.issuer,
          authorization_endpoint: this.config.authUrl,
          token_endpoint: this.config.tokenUrl,
          jwks_uri: this.config.keysUrl,
        },
        this.clientId,
        { id_token_signed_response_alg: 'RS256' },
        oidc.ClientSecretPost(await this.clientSecretJwt()),
      );
      withProviderFetch(config, this.deps.timeoutMs);
      if (this.allowInsecureRequests) oidc.allowInsecureRequests(config);
      this.current = { config, madeAt: now };
    }
    return this.current.config;
  }

  async loadUser({ tokens, params }: TokenContext): Promise<ProviderUser> {
    const claims = await verifyIdToken(this.keys, tokens.id_token, this.config.issuer, this.clientId);
    const sub = text(claims.sub);
    if (!sub) throw loginErrors.invalidIdToken(new Error('id_token has no sub'));
    const id = userId('apple', sub);
    return { id, name: firstSignUpName(params.user) || `noname_${id.slice(6, 12)}` };
  }

  mapUser(): ProviderUser | null {
    return null; // never called: Apple has no user-info endpoint (loadUser)
  }
}

/** `{"name":{"firstName":"A","lastName":"B"}}`, sent by Apple on the first sign-up only. */
function firstSignUpName(user: string | undefined): string {
  if (!user) return '';
  try {
    const parsed = JSON.parse(user) as { name?: { firstName?: unknown; lastName?: unknown } };
    return [text(parsed?.name?.firstName), text(parsed?.name?.lastName)].filter(Boolean).join(' ').slice(0, 128);
  } catch {
    return '';
  }
}
