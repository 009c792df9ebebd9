import { createHash, createHmac } from 'node:crypto';
import type { Logger } from '@gatehouse/logger';
import { type Issued, randomToken, type SecretReader, safeEqual, type TokenService } from '@gatehouse/token';
import * as oidc from 'openid-client';
import type { Linking } from '../directory/linking';
import { directoryErrors, loginErrors } from '../errors';
import { withProviderFetch } from '../http/provider-fetch';
import type { OAuth2Provider, ProviderUser } from '../providers/provider';
import { allowedRedirect } from './redirect';

/** Stores the user's picture and returns the avatar id (`<sha1>.image`). */
export interface AvatarSaver {
  saveFromUrl(userId: string, pictureUrl: string | undefined, bearerToken?: string): Promise<string>;
}

export interface OAuth2LoginDeps {
  tokens: TokenService;
  secrets: SecretReader;
  avatars: AvatarSaver;
  /** External base URL of the service (AUTH_URL): callbacks and avatar links hang off it. */
  baseUrl: string;
  avatarRoutePath: string;
  allowedRedirectHosts: string[];
  timeoutMs: number;
  log: Logger;
  /** Linking logins to a user (the user directory); undefined without a database. */
  linking?: Linking;
}

export interface BeginInput {
  site: string;
  from: string;
  sessionOnly: boolean;
  noAvatar: boolean;
  /** The caller's session token: link this login to its user instead of starting a session. */
  linkSessionToken?: string;
}

export interface CompletedLogin {
  /** Unset for a link. */
  session?: Issued;
  /** A link: the identity attached to the session's user. */
  linked?: { id: string; provider: string; name: string };
  redirectUrl: string | undefined;
}

/**
 * The OAuth2 authorization-code flow every redirect-based provider shares: state bound to the browser by
 * the signed handshake cookie (30 minutes), PKCE S256 always, the code exchange and user-info call with a
 * timeout, user mapping, the avatar, the session token and the post-login redirect.
 */
export class OAuth2Login {
  private readonly configs = new Map<string, oidc.Configuration>();

  constructor(private readonly deps: OAuth2LoginDeps) {}

  callbackUrl(provider: OAuth2Provider): string {
    return `${this.deps.baseUrl}/auth/${provider.name}/callback`;
  }

  async begin(provider: OAuth2Provider, input: BeginInput): Promise<{ redirectUrl: string; handshake: Issued }> {
    let aud = input.site || this.deps.tokens.defaultAudience();
    const state = randomToken();
    let link: { user: string; jti: string } | undefined;
    if (input.linkSessionToken) {
      if (!this.deps.linking) throw directoryErrors.disabled();
      const started = await this.deps.linking.begin(input.linkSessionToken);
      link = { user: started.user, jti: started.jti };
      // The session's own audience, whatever `site` said: the auth service's key signs the handshake.
      aud = started.aud || aud;
    }
    let handshake: Issued;
    try {
      handshake = await this.deps.tokens.issueHandshake({
        aud,
        provider: provider.name,
        state,
        from: input.from,
        sessionOnly: input.sessionOnly,
        noAvatar: input.noAvatar,
        link,
      });
    } catch (err) {
      throw loginErrors.audienceRefused((err as Error).message);
    }
    const verifier = await this.derive('pkce', provider.name, aud, state);
    const params: Record<string, string> = {
      redirect_uri: this.callbackUrl(provider),
      state,
      // S256 (RFC 7636): openid-client's calculatePKCECodeChallenge, synchronously (WebCrypto's digest
      // is an async job per login).
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
      ...provider.authorizeParams,
    };
    if (provider.scopes.length > 0) params.scope = provider.scopes.join(' ');
    if (provider.usesIdToken) params.nonce = await this.derive('nonce', provider.name, aud, state);
    const url = oidc.buildAuthorizationUrl(await this.config(provider), params);
    return { redirectUrl: url.href, handshake };
  }

  async complete(
    provider: OAuth2Provider,
    handshakeToken: string,
    params: Record<string, string>,
    linkSessionToken = '',
  ): Promise<CompletedLogin> {
    const handshake = await this.readHandshake(provider, handshakeToken);
    const state = handshake.handshake?.state ?? '';
    if (!state || !params.state || !safeEqual(state, params.state)) throw loginErrors.unexpectedState();
    if (params.error) throw loginErrors.refusedByProvider(params.error);

    const aud = handshake.aud ?? '';
    const verifier = await this.derive('pkce', provider.name, aud, state);
    const nonce = provider.usesIdToken ? await this.derive('nonce', provider.name, aud, state) : undefined;
    const config = await this.config(provider);
    const tokens = await this.exchange(provider, config, params, { verifier, state, nonce });
    const mapped = provider.loadUser
      ? await provider.loadUser({ config, tokens, params })
      : await this.fetchUser(provider, config, tokens.access_token);
    const from = handshake.handshake?.from;
    const redirectUrl = allowedRedirect(from, this.deps.baseUrl, this.deps.allowedRedirectHosts);
    if (from && !redirectUrl) this.deps.log.warn({ provider: provider.name }, 'rejected redirect to disallowed host');
    const link = handshake.handshake?.link;
    if (link) {
      if (!this.deps.linking) throw directoryErrors.disabled();
      const identity = { id: mapped.id, provider: provider.name, name: mapped.name };
      await this.deps.linking.complete(link, linkSessionToken, {
        ...identity,
        email: mapped.asserted?.email,
        emailVerified: mapped.asserted?.verified,
      });
      return { linked: identity, redirectUrl };
    }
    const noAvatar = handshake['no-ava'] === true;
    const bearer = provider.pictureNeedsToken ? tokens.access_token : undefined;
    const picture = await this.storeAvatar(mapped.id, noAvatar ? undefined : mapped.picture, bearer);

    const session = await this.deps.tokens.issueSession({
      user: { name: mapped.name, id: mapped.id, picture, email: mapped.email, attrs: mapped.attrs },
      aud,
      provider: provider.name,
      sessionOnly: handshake.sess_only === true,
      noAvatar,
      subject: { kind: 'identity', email: mapped.asserted?.email, emailVerified: mapped.asserted?.verified },
    });
    return { session, redirectUrl };
  }

  private async readHandshake(provider: OAuth2Provider, token: string) {
    if (!token) throw loginErrors.invalidHandshake();
    let verified: Awaited<ReturnType<TokenService['verify']>>;
    try {
      verified = await this.deps.tokens.verify(token);
    } catch {
      throw loginErrors.invalidHandshake();
    }
    const { claims, expired, signer } = verified;
    if (expired || !claims.handshake || claims.user || claims.auth_provider?.name !== provider.name) {
      throw loginErrors.invalidHandshake();
    }
    // A link's handshake is signed with the auth service's own key (Linking.begin): one signed with a
    // site's secret (AUTH_SECRETS_FILE) was made by that site's application, naming whoever it liked.
    if (claims.handshake.link && signer !== 'auth') throw loginErrors.invalidHandshake();
    return claims;
  }

  private async exchange(
    provider: OAuth2Provider,
    config: oidc.Configuration,
    params: Record<string, string>,
    checks: { verifier: string; state: string; nonce: string | undefined },
  ) {
    const callback = new URL(this.callbackUrl(provider));
    // Only the authorization-response parameters: form_post extras (Apple's `user`) are not for the grant.
    for (const k of ['code', 'state', 'iss', 'error', 'error_description']) {
      if (params[k] !== undefined) callback.searchParams.set(k, params[k]);
    }
    try {
      return await oidc.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: checks.verifier,
        expectedState: checks.state,
        ...(checks.nonce ? { expectedNonce: checks.nonce, idTokenExpected: true } : {}),
      });
    } catch (err) {
      // The ID token's claims (aud, iss, exp, nonce) are checked here by openid-client.
      const code = (err as { code?: unknown }).code;
      if (code === 'OAUTH_JWT_CLAIM_COMPARISON_FAILED' || code === 'OAUTH_JWT_TIMESTAMP_CHECK_FAILED') {
        this.deps.log.warn({ provider: provider.name, reason: (err as Error).message }, 'id_token refused');
        throw loginErrors.invalidIdToken(err);
      }
      // An OAuth error answer (a replayed or forged code) is the caller's; anything else is the provider being down.
      // GitHub answers such errors with 200 and an `error` field, which openid-client reports as an invalid response.
      if (
        err instanceof oidc.ResponseBodyError ||
        err instanceof oidc.AuthorizationResponseError ||
        (code === 'OAUTH_INVALID_RESPONSE' && typeof errorField(err) === 'string')
      ) {
        this.deps.log.warn({ provider: provider.name, error: errorField(err) }, 'code exchange refused');
        throw loginErrors.exchangeRefused();
      }
      throw loginErrors.exchangeUnavailable(err);
    }
  }

  private async fetchUser(
    provider: OAuth2Provider,
    config: oidc.Configuration,
    accessToken: string,
  ): Promise<ProviderUser> {
    let info: unknown;
    let raw: Buffer;
    try {
      const res = await oidc.fetchProtectedResource(config, accessToken, new URL(provider.userInfoEndpoint), 'GET');
      // A non-2xx answer must never be mapped: an error body would give every user the same empty id.
      if (!res.ok) throw new Error(`user info answered ${res.status}`);
      raw = Buffer.from(await res.arrayBuffer());
      info = JSON.parse(raw.toString('utf8'));
    } catch (err) {
      throw loginErrors.userInfoUnavailable(err);
    }
    const mapped =
      info && typeof info === 'object' && !Array.isArray(info)
        ? await provider.mapUser(info as Record<string, unknown>, raw)
        : null;
    if (!mapped?.id) throw loginErrors.userInfoUnavailable(new Error('user info has no id'));
    return mapped;
  }

  private async storeAvatar(userId: string, pictureUrl: string | undefined, bearer?: string): Promise<string> {
    try {
      const avatarId = await this.deps.avatars.saveFromUrl(userId, pictureUrl, bearer);
      return `${this.deps.baseUrl}${this.deps.avatarRoutePath}/${avatarId}`;
    } catch (err) {
      throw loginErrors.avatarFailed(err);
    }
  }

  /**
   * PKCE verifier (and, for OpenID Connect, the nonce) derived from the state with the audience's
   * secret: the browser only ever holds the state, and no server-side store is needed.
   */
  private async derive(purpose: string, provider: string, aud: string, state: string): Promise<string> {
    const secret = await this.deps.secrets(aud);
    return createHmac('sha256', secret).update(`${purpose}:${provider}:${state}`).digest('base64url');
  }

  private async config(provider: OAuth2Provider): Promise<oidc.Configuration> {
    if (provider.configuration) return provider.configuration();
    let config = this.configs.get(provider.name);
    if (!config) {
      config = new oidc.Configuration(
        {
          issuer: new URL(provider.authorizationEndpoint).origin,
          authorization_endpoint: provider.authorizationEndpoint,
          token_endpoint: provider.tokenEndpoint,
          userinfo_endpoint: provider.userInfoEndpoint,
        },
        provider.clientId,
        undefined,
        provider.tokenAuth === 'basic'
          ? oidc.ClientSecretBasic(provider.clientSecret)
          : oidc.ClientSecretPost(provider.clientSecret),
      );
      withProviderFetch(config, this.deps.timeoutMs);
      if (provider.allowInsecureRequests) oidc.allowInsecureRequests(config);
      this.configs.set(provider.name, config);
    }
    return config;
  }
}

/** The OAuth `error` code of a refused exchange, wherever openid-client put it. */
function errorField(err: unknown): unknown {
  const e = err as { error?: unknown; cause?: { cause?: { body?: { error?: unknown } } } };
  return e.error ?? e.cause?.cause?.body?.error;
}
