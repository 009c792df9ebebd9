// What a client may ask for, as the table holds it and as oidc-provider is to see it: no import of the
// library here, so the clients' store (and the tests that write clients) load without it.

/**
 * The provider's own scopes (OpenID Connect's, and `organization`: the user's organisation, oidc/organization.ts). A protected resource's scopes are not among them: the
 * library keeps them apart (its `scopes` option is for the provider's, a resource's come from
 * getResourceServerInfo), so a token without a resource never carries one.
 */
export const OPENID_SCOPES = ['openid', 'offline_access', 'profile', 'email', 'organization'] as const;

/**
 * The client metadata the library is given in place of `scope` (RFC 7591: every scope the client may
 * ask for, the provider's and resources' alike, as the table and the admin API hold it). The library
 * accepts only its own scopes in `scope`, so the adapter hands it those, and the whole registered value
 * here, which resources.ts's checks read.
 */
export const REGISTERED_SCOPE = 'registered_scope';

const OWN = new Set<string>(OPENID_SCOPES);
const words = (s: unknown) => (typeof s === 'string' ? s.split(' ').filter(Boolean) : []);

/**
 * A stored client's metadata as the library is to see it: `scope` cut to the provider's own scopes
 * (left out when it names none), the whole registered `scope` under REGISTERED_SCOPE. A scope word of a
 * resource no longer configured stays harmless: nothing matches it.
 */
export function presentClientScope(metadata: Record<string, unknown>): Record<string, unknown> {
  const { scope, [REGISTERED_SCOPE]: _ignored, ...rest } = metadata;
  if (typeof scope !== 'string') return rest;
  const own = words(scope).filter((w) => OWN.has(w));
  return { ...rest, ...(own.length > 0 ? { scope: own.join(' ') } : {}), [REGISTERED_SCOPE]: scope };
}
