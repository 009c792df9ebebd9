// The `organization` scope (docs/organizations.md "OpenID provider"): the ID token and userinfo carry
// the user's organisation (`org`, `org_slug`, `org_roles`, `org_perms`) as the gateway's session token
// does. Which organisation: the authorization request's `organization` parameter (an id or slug, as
// Auth0's `organization` parameter: a user who is not a member is refused with access_denied), else the
// Gatehouse session's active one. It is kept per grant, chosen again at every authorization, and the
// roles are read again at every token and userinfo: a removed member's next token has none.
import type Provider from 'oidc-provider';
import { errors, interactionPolicy, type KoaContextWithOIDC } from 'oidc-provider';
import type { Pool } from 'pg';
import { browserSessionOf } from './session';

export const ORGANIZATION_SCOPE = 'organization';
/** The claims of the scope, in the ID token as in userinfo (listed under `openid`, given only with the scope). */
export const ORGANIZATION_CLAIMS = ['org', 'org_slug', 'org_roles', 'org_perms'] as const;

/** A user's membership of an organisation named by id or slug, as the organisations' domain answers it. */
export interface OrgMembership {
  orgId: string;
  slug: string;
  roles: string[];
  perms: string[];
}
export type OrgLookup = (org: string, userId: string) => Promise<OrgMembership | undefined>;

/** The model under which a grant's organisation is kept in oidc_payloads: revoked and swept with its grant. */
const MODEL = 'GrantOrganization';
const ORG_PARAM = /^(?:org_[0-9a-f]{24}|[a-z0-9](?:[a-z0-9-]{0,46}[a-z0-9])?)$/;

const asked = (ctx: KoaContextWithOIDC): string | undefined => {
  const value = ctx.oidc.params?.organization;
  return typeof value === 'string' && value !== '' ? value : undefined;
};

const wantsScope = (ctx: KoaContextWithOIDC) =>
  String(ctx.oidc.params?.scope ?? '')
    .split(' ')
    .includes(ORGANIZATION_SCOPE);

/**
 * The consent prompt's check: an `organization` parameter must name an organisation the logged-in user
 * is a member of; otherwise the authorization ends with access_denied at the client (never a prompt).
 */
export function organizationCheck(lookup: OrgLookup): InstanceType<typeof interactionPolicy.Check> {
  const { Check } = interactionPolicy;
  return new Check('gatehouse_organization', 'the user is not a member of the organization', async (ctx) => {
    const org = asked(ctx);
    const userId = ctx.oidc.session?.accountId;
    if (!org || !userId) return Check.NO_NEED_TO_PROMPT;
    if (!ORG_PARAM.test(org)) throw new errors.InvalidRequest('organization: an organization id or slug');
    if (!(await lookup(org, userId))) throw new errors.AccessDenied('the user is not a member of this organization');
    return Check.NO_NEED_TO_PROMPT;
  });
}

/**
 * After an authorization that issued a code with the `organization` scope asked: the organisation its
 * grant is to carry, written before the answer (the redirect with the code) leaves, so the token request
 * always finds it. A session without an active organisation and no parameter: nothing (no claims).
 */
type ProviderMiddleware = Parameters<Provider['use']>[0];

export function recordOrganization(pool: Pool, lookup: OrgLookup, grantTtlS: number): ProviderMiddleware {
  return async (ctx, next) => {
    await next();
    const c = ctx as KoaContextWithOIDC;
    // Only where codes are issued: the token endpoint also has a code (the one it redeems), and no say.
    if (c.oidc?.route !== 'authorization' && c.oidc?.route !== 'resume') return;
    const code = c.oidc.entities?.AuthorizationCode;
    if (!code?.grantId || !code.accountId || !wantsScope(c)) return;
    const org = asked(c) ?? browserSessionOf(c)?.org;
    const member = org ? await lookup(org, code.accountId) : undefined;
    if (!member) {
      await pool.query('DELETE FROM oidc_payloads WHERE model = $1 AND id = $2', [MODEL, code.grantId]);
      return;
    }
    await pool.query(
      `INSERT INTO oidc_payloads (model, id, payload, grant_id, account_id, client_id, expires_at)
       VALUES ($1, $2, $3, $2, $4, $5, now() + make_interval(secs => $6))
       ON CONFLICT (model, id) DO UPDATE SET payload = EXCLUDED.payload, expires_at = EXCLUDED.expires_at`,
      [MODEL, code.grantId, JSON.stringify({ org: member.orgId }), code.accountId, code.clientId, grantTtlS],
    );
  };
}

/**
 * The claims of a token's grant when its scope has `organization`: the kept organisation with the
 * user's roles there now; none when nothing is kept or the user is no longer a member.
 */
export async function organizationClaims(
  pool: Pool,
  lookup: OrgLookup,
  scope: string,
  grantId: string | undefined,
  userId: string,
): Promise<Record<string, unknown>> {
  if (!grantId || !scope.split(' ').includes(ORGANIZATION_SCOPE)) return {};
  const { rows } = await pool.query<{ org: string }>({
    name: 'oidc-grant-org',
    text: `SELECT payload->>'org' AS org FROM oidc_payloads
            WHERE model = $1 AND id = $2 AND (expires_at IS NULL OR expires_at > now())`,
    values: [MODEL, grantId],
  });
  const org = rows[0]?.org;
  const member = org ? await lookup(org, userId) : undefined;
  if (!member) return {};
  return { org: member.orgId, org_slug: member.slug, org_roles: member.roles, org_perms: member.perms };
}
