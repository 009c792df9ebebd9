/** What a provider tells us about the user, already mapped to our shape (id final: `<name>_<sha1>`). */
export interface ProviderUser {
  id: string;
  name: string;
  picture?: string;
  email?: string;
  attrs?: Record<string, unknown>;
}

/**
 * A redirect-based OAuth2 provider: endpoints, client and the mapping of its user-info answer.
 * Every built-in, custom and dev provider is one of these; the login engine does the rest.
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
  /** Turns the user-info JSON into the user; returns null when the answer has no usable id. */
  mapUser(info: Record<string, unknown>): ProviderUser | null;
}
