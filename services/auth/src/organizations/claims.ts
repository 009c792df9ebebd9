import type { Claims } from '@gatehouse/token';

/** The claims of the session's active organisation, under `attrs` (the go-pkgz shape stays as it is). */
export const ORG_ATTRS = ['org', 'org_slug', 'org_roles', 'org_perms'] as const;

type Lookup = (
  orgId: string,
  userId: string,
) => Promise<{ orgId: string; slug: string; roles: string[]; perms: string[] } | undefined>;

/**
 * The session's organisation claims, read again from the memberships: at every refresh (a removed
 * member's next token has no org, a changed role's has the new roles) and at a switch. At a login the
 * session starts with none, whatever a provider's or a login handler's attrs said: only a member's
 * switch sets `org`.
 */
export async function withOrgClaims(claims: Claims, lookup: Lookup, { login }: { login: boolean }): Promise<Claims> {
  const user = claims.user;
  if (!user?.attrs) return claims;
  const { org, org_slug: _slug, org_roles: _roles, org_perms: _perms, ...rest } = user.attrs;
  const orgId = !login && typeof org === 'string' ? org : undefined;
  const found = orgId ? await lookup(orgId, user.id) : undefined;
  const attrs = found
    ? { ...rest, org: found.orgId, org_slug: found.slug, org_roles: found.roles, org_perms: found.perms }
    : rest;
  return { ...claims, user: { ...user, attrs: Object.keys(attrs).length > 0 ? attrs : undefined } };
}

/** Claims with `org` set to a new organisation (a switch), roles filled by withOrgClaims. */
export function switchedTo(claims: Claims, orgId: string): Claims {
  const user = claims.user;
  if (!user) return claims;
  return { ...claims, user: { ...user, attrs: { ...user.attrs, org: orgId } } };
}
