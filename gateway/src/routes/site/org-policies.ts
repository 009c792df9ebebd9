import type { User } from '@gatehouse/token';
import { ORG_PLACEHOLDER, type ProxyRoute, type RoutePolicy } from '../../config-file';

/** The session's active organisation as its token carries it (attrs, set by the auth service only). */
export interface ActiveOrg {
  id: string;
  slug: string;
  roles: string[];
  perms: string[];
}

const OWNER = 'owner';

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/** The token's active organisation; undefined when the session has none. */
export function activeOrg(user: User | undefined): ActiveOrg | undefined {
  const attrs = user?.attrs;
  if (!attrs || typeof attrs.org !== 'string' || attrs.org === '') return undefined;
  return {
    id: attrs.org,
    slug: typeof attrs.org_slug === 'string' ? attrs.org_slug : '',
    roles: strings(attrs.org_roles),
    perms: strings(attrs.org_perms),
  };
}

/**
 * The organisation policies, decided from the token with no call: `org` an active organisation,
 * `org:<role>,...` one of the roles there (an owner holds every role's rights), `perm:<name>,...` one of
 * the permissions there. Undefined for a policy that is not an organisation's.
 */
export function orgPolicyAllows(policy: RoutePolicy, user: User | undefined): boolean | undefined {
  if (policy.kind !== 'org' && policy.kind !== 'org-role' && policy.kind !== 'perm') return undefined;
  const org = activeOrg(user);
  if (!org) return false;
  if (policy.kind === 'org') return true;
  if (policy.kind === 'org-role') return org.roles.includes(OWNER) || policy.roles.some((r) => org.roles.includes(r));
  return policy.perms.some((p) => org.perms.includes(p));
}

/** Whether `value` (an id or a slug from the path) names the active organisation. */
export function namesActiveOrg(value: string, user: User | undefined): boolean {
  const org = activeOrg(user);
  return !!org && value !== '' && (value === org.id || value === org.slug);
}

/** The router's path for a route's prefix: `{org}` as a named parameter. */
export function routerPath(route: ProxyRoute): string {
  return route.prefix.replace(ORG_PLACEHOLDER, ':org');
}

/** The mount's literal prefix: the part before `{org}` (the whole prefix without one). */
export function mountPrefix(route: ProxyRoute): string {
  const at = route.prefix.indexOf(`/${ORG_PLACEHOLDER}`);
  return at < 0 ? route.prefix : route.prefix.slice(0, at);
}

/** The request path's part the prefix matched (the placeholder's value in place), for stripPrefix. */
export function matchedPrefixLength(route: ProxyRoute, orgValue: string | undefined): number {
  return route.prefix.length + (orgValue === undefined ? 0 : orgValue.length - ORG_PLACEHOLDER.length);
}

/** The user as the route sees them in another organisation of theirs (an anyOrg route's path). */
export function inOrg(user: User, org: ActiveOrg): User {
  return {
    ...user,
    attrs: { ...user.attrs, org: org.id, org_slug: org.slug, org_roles: org.roles, org_perms: org.perms },
  };
}
