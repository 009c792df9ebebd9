import { readStructuredFile, z } from '@gatehouse/config';

/** What a proxied route requires of the caller (go-pkgz middleware: Auth, AdminOnly, Trace, RBAC, UpdateUser). */
export type RoutePolicy =
  | { kind: 'auth' }
  | { kind: 'admin' }
  | { kind: 'trace' }
  | { kind: 'update-user' }
  | { kind: 'rbac'; roles: string[] }
  // Organisations (docs/organizations.md): an active organisation, one of its roles, one of its permissions.
  | { kind: 'org' }
  | { kind: 'org-role'; roles: string[] }
  | { kind: 'perm'; perms: string[] };

export interface ProxyRoute {
  prefix: string;
  upstream: URL;
  policy: RoutePolicy;
  stripPrefix: boolean;
  /**
   * With `{org}` in the prefix: whether the organisation in the path may be one the caller is a member
   * of but not the session's active one. Off: the path's organisation must be the active one.
   */
  anyOrg: boolean;
}

/** The placeholder of an organisation (id or slug) in a route's prefix. */
export const ORG_PLACEHOLDER = '{org}';

const policySchema = z.string().transform((text, ctx): RoutePolicy => {
  if (text === 'auth' || text === 'admin' || text === 'trace' || text === 'update-user') return { kind: text };
  const rbac = /^rbac:(.+)$/.exec(text);
  const roles =
    rbac?.[1]
      ?.split(',')
      .map((r) => r.trim())
      .filter((r) => r !== '') ?? [];
  if (roles.length > 0) return { kind: 'rbac', roles };
  if (text === 'org') return { kind: 'org' };
  const names = (prefix: string) =>
    text.startsWith(prefix)
      ? text
          .slice(prefix.length)
          .split(',')
          .map((r) => r.trim())
          .filter((r) => r !== '')
      : [];
  const orgRoles = names('org:');
  if (orgRoles.length > 0) return { kind: 'org-role', roles: orgRoles };
  const perms = names('perm:');
  if (perms.length > 0) return { kind: 'perm', perms };
  ctx.addIssue({
    code: 'custom',
    message: `"${text}" is not auth, admin, trace, update-user, rbac:<role>,<role>, org, org:<role> or perm:<name>`,
  });
  return z.NEVER;
});

const routeSchema = z
  .strictObject({
    prefix: z
      .string()
      .regex(/^(\/([A-Za-z0-9._~-]+|\{org\}))+$/, 'must be a path such as /app or /orgs/{org}/app (no trailing slash)')
      .refine((p) => p.split(ORG_PLACEHOLDER).length <= 2, 'at most one {org}')
      .refine((p) => !p.startsWith(`/${ORG_PLACEHOLDER}`), '{org} cannot be the first segment'),
    upstream: z.url({ protocol: /^https?$/ }),
    policy: policySchema,
    stripPrefix: z.boolean().default(false),
    anyOrg: z.boolean().default(false),
  })
  .refine((r) => !r.prefix.includes(ORG_PLACEHOLDER) || r.policy.kind !== 'trace', {
    message: 'a route with {org} is for members: trace (anyone) cannot be its policy',
  })
  .refine((r) => !r.anyOrg || r.prefix.includes(ORG_PLACEHOLDER), { message: 'anyOrg needs {org} in the prefix' });

const named = z.looseObject({ name: z.string() });

const fileSchema = z.looseObject({
  direct: z.array(named).default([]),
  verified: z.array(named).default([]),
  routes: z.array(routeSchema).default([]),
});

export interface GatewayFileSettings {
  /** Names of the auth service's built-in login providers (direct and verified). */
  builtInLogins: string[];
  routes: ProxyRoute[];
}

/** The parts of the AUTH_CONFIG file the gateway needs: built-in provider names and proxied routes. */
export function readGatewayFile(path: string | undefined, problems: string[]): GatewayFileSettings {
  if (!path) return { builtInLogins: [], routes: [] };
  let raw: unknown;
  try {
    raw = readStructuredFile(path);
  } catch (err) {
    problems.push(`AUTH_CONFIG: cannot read ${path} (${(err as Error).message})`);
    return { builtInLogins: [], routes: [] };
  }
  const parsed = fileSchema.safeParse(raw ?? {});
  if (!parsed.success) {
    for (const issue of parsed.error.issues) problems.push(`AUTH_CONFIG ${issue.path.join('.')}: ${issue.message}`);
    return { builtInLogins: [], routes: [] };
  }
  const routes = parsed.data.routes.map((r) => ({ ...r, upstream: new URL(r.upstream) }));
  const prefixes = routes.map((r) => r.prefix);
  for (const p of prefixes.filter((p, i) => prefixes.indexOf(p) !== i)) {
    problems.push(`AUTH_CONFIG routes: prefix ${p} is listed twice`);
  }
  return {
    builtInLogins: [...parsed.data.direct, ...parsed.data.verified].map((d) => d.name),
    routes,
  };
}
