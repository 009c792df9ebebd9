import type * as oidc from 'openid-client';

/** What a provider tells us about the user, already mapped to our shape (id final: `<name>_<sha1>`). */
export interface ProviderUser {
  id: string;
  name: string;
  picture?: string;
  email?: string;
  attrs?: Record<string, unknown>;
  /**
   * The email the provider asserted and whether it said email_verified === true (OpenID Connect): for
   * the user directory's linking by email only, never put in the token.
   */
  asserted?: { email: string; verified: boolean };
}

/** What the login engine knows after the code exchange, for providers that load the user themselves. */
export interface TokenContext {
  config: oidc.Configuration;
  tokens: oidc.TokenEndpointResponse;
  /** Callback parameters (query and form_post fields such as Apple's `user`). */
  params: Record<string, string>;
}

/**
 * A redirect-based OAuth2 provider: endpoints, client and the mapping of its user-info answer.
 * Every built-in, custom and dev provider is one of these; the login engine does the rest. The
 * optional members are the seams OpenID Connect and Apple plug into.
 */
export interface OAuth2Provider {
  readonly name: string;
  readonly authorizationEndpoint: string;
  readonly tokenEndpoint: string;
  readonly userInfoEndpoint: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly scopes: string[];
  /** Permit http:// endpoints: only the dev server and loopback test servers. */
  readonly allowInsecureRequests?: boolean;
  /** Client authentication at the token endpoint; X (Twitter) wants HTTP Basic. Default: form body. */
  readonly tokenAuth?: 'post' | 'basic';
  /** The picture URL answers only with the access token (Microsoft Graph); never sent elsewhere. */
  readonly pictureNeedsToken?: boolean;
  /** Extra authorization-request parameters (Apple's response_mode). */
  readonly authorizeParams?: Record<string, string>;
  /** The provider issues an ID token: the engine sends a nonce and insists on the token. */
  readonly usesIdToken?: boolean;
  /** A prepared client configuration (OIDC discovery, Apple's signed secret) instead of the endpoints above. */
  configuration?(): Promise<oidc.Configuration>;
  /** Loads the user from the token answer (ID token) instead of calling the user-info endpoint. */
  loadUser?(ctx: TokenContext): Promise<ProviderUser>;
  /**
   * Turns the user-info JSON (and its raw bytes, for hooks) into the user; null when the answer has no
   * usable id.
   */
  mapUser(info: Record<string, unknown>, raw: Buffer): ProviderUser | null | Promise<ProviderUser | null>;
}
