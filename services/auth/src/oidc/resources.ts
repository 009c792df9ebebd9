import { type Configuration, errors, type KoaContextWithOIDC } from 'oidc-provider';
import { OPENID_SCOPES, REGISTERED_SCOPE } from './client-scope';
import type { OidcResource } from './config';

const OWN = new Set<string>(OPENID_SCOPES);
const words = (s: unknown) => (typeof s === 'string' ? s.split(' ').filter(Boolean) : []);

type ClientLike = { [key: string]: unknown } | undefined;

/**
 * Whether a client may be given `scope`. A client with a registered `scope` gets only what it lists;
 * one without gets the provider's own scopes (the library's rule) and no resource's: a resource's scopes
 * go to the clients that list them, and to no other (least privilege, as Keycloak's client scopes).
 */
function mayHave(client: ClientLike, scope: string): boolean {
  const registered = client?.[REGISTERED_SCOPE];
  return typeof registered === 'string' ? words(registered).includes(scope) : OWN.has(scope);
}

/**
 * Refuses (invalid_scope) a request for a scope Gatehouse knows (its own, or any resource's) that the
 * client may not have; a scope nobody defines is left to the library, which ignores it (OpenID Connect
 * Core 3.1.2.1). `withResource`: whether the request names one; without it a resource's scope is refused,
 * never silently dropped, so a client learns to send `resource`.
 */
function checkRequestedScopes(ctx: KoaContextWithOIDC, resources: OidcResource[], withResource: boolean): void {
  const client = ctx.oidc.client as unknown as ClientLike;
  const ofResources = new Set(resources.flatMap((r) => r.scopes));
  for (const scope of words(ctx.oidc.params?.scope)) {
    const known = OWN.has(scope) || ofResources.has(scope);
    if (!known) continue;
    if (!mayHave(client, scope)) throw new errors.InvalidScope('requested scope is not allowed', scope);
    if (!withResource && !OWN.has(scope))
      throw new errors.InvalidScope(`scope ${scope} is a resource's: name the resource (RFC 8707 resource)`, scope);
  }
}

/**
 * oidc-provider's resource indicators (RFC 8707) over AUTH_CONFIG's `oidc.resources`: a token for a
 * resource is a JWT signed with the provider's key whose `aud` is that resource alone, holding only
 * the resource's scopes the client may have. A resource not configured is `invalid_target`, and so is
 * one the client may have no scope of (its token would open nothing the client is meant to reach).
 */
export function resourceIndicators(
  resources: OidcResource[],
  token: { ttlS: number; alg: 'ES256' | 'EdDSA' },
): NonNullable<NonNullable<Configuration['features']>['resourceIndicators']> {
  return {
    enabled: true,
    // No resource named: none is assumed (an opaque token for userinfo); several granted and none
    // named at the token endpoint: the same, rather than a guess.
    defaultResource: (ctx) => {
      checkRequestedScopes(ctx, resources, false);
      return undefined;
    },
    useGrantedResource: () => true,
    getResourceServerInfo: (ctx, indicator, client) => {
      const resource = resources.find((r) => r.uri === indicator);
      if (!resource) throw new errors.InvalidTarget();
      checkRequestedScopes(ctx, resources, true);
      const scopes = resource.scopes.filter((s) => mayHave(client as unknown as ClientLike, s));
      if (scopes.length === 0) throw new errors.InvalidTarget('this client may use no scope of the resource');
      return {
        scope: scopes.join(' '),
        audience: resource.uri,
        accessTokenTTL: token.ttlS,
        accessTokenFormat: 'jwt',
        jwt: { sign: { alg: token.alg } },
      };
    },
  };
}
