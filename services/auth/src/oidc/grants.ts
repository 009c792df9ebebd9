import type { Grant, KoaContextWithOIDC } from 'oidc-provider';
import type { Pool } from 'pg';
import { revokeGrant } from './adapter';

/** Told of a grant a first-party client got without a consent page: which client, whose, what was added. */
export type FirstPartyGranted = (
  ctx: KoaContextWithOIDC,
  grant: { clientId: string; accountId: string; added: string[] },
) => Promise<void>;

/**
 * The grant a user already gave a client, remembered across sessions (oidc-provider's loadExistingGrant):
 * the interaction's own, the session's, else the newest live one of this user and client. The library
 * then asks for consent only for what it does not cover. A first-party client is never asked: its
 * grant covers the request at once (so `prompt=none` works for it too).
 */
export async function existingGrant(
  ctx: KoaContextWithOIDC,
  pool: Pool,
  firstPartyGranted?: FirstPartyGranted,
): Promise<Grant | undefined> {
  const { oidc } = ctx;
  const accountId = oidc.session?.accountId;
  const clientId = oidc.client?.clientId;
  if (!accountId || !clientId) return undefined;
  const grantId =
    oidc.result?.consent?.grantId ??
    oidc.session?.grantIdFor(clientId) ??
    (await rememberedGrantId(pool, accountId, clientId));
  const found = grantId ? ((await oidc.provider.Grant.find(grantId)) ?? undefined) : undefined;
  if (oidc.client?.first_party !== true) return found;
  const grant = found ?? new oidc.provider.Grant({ accountId, clientId });
  const added = coverRequest(ctx, grant);
  if (added.length === 0 && found) return found;
  await grant.save();
  await firstPartyGranted?.(ctx, { clientId, accountId, added });
  return grant;
}

/** Adds to `grant` what the request asks and it lacks (OpenID scopes and claims, resource scopes): what was added. */
function coverRequest(ctx: KoaContextWithOIDC, grant: Grant): string[] {
  const { oidc } = ctx;
  const held = new Set(grant.getOIDCScope().split(' '));
  const scopes = [...oidc.requestParamOIDCScopes].filter((s) => !held.has(s));
  if (scopes.length > 0) grant.addOIDCScope(scopes.join(' '));
  const claims = [...oidc.requestParamClaims];
  if (claims.length > 0) grant.addOIDCClaims(claims);
  const added = [...scopes];
  for (const [indicator, server] of Object.entries(oidc.resourceServers ?? {})) {
    const has = new Set(grant.getResourceScope(indicator).split(' '));
    const wanted = [...oidc.requestParamScopes].filter((s) => server.scopes.has(s) && !has.has(s));
    if (wanted.length > 0) grant.addResourceScope(indicator, wanted.join(' '));
    added.push(...wanted);
  }
  return [...new Set(added)];
}

async function rememberedGrantId(pool: Pool, accountId: string, clientId: string): Promise<string | undefined> {
  const { rows } = await pool.query<{ id: string }>({
    name: 'oidc-remembered-grant',
    text: `SELECT id FROM oidc_payloads
            WHERE model = 'Grant' AND account_id = $1 AND client_id = $2 AND (expires_at IS NULL OR expires_at > now())
            ORDER BY (payload->>'iat')::bigint DESC LIMIT 1`,
    values: [accountId, clientId],
  });
  return rows[0]?.id;
}

/** A grant as its user sees it: which client, what it may do, since when. */
export interface UserGrant {
  id: string;
  clientId: string;
  /** The OpenID scopes granted (openid, profile, email, offline_access...). */
  scopes: string[];
  /** Resource indicators with their granted scopes. */
  resources: Record<string, string[]>;
  createdMs: number;
}

type GrantPayload = { iat?: number; openid?: { scope?: string }; resources?: Record<string, string> };

/** The user's live grants, newest first. */
export async function userGrants(pool: Pool, accountId: string): Promise<UserGrant[]> {
  const { rows } = await pool.query<{ id: string; client_id: string; payload: GrantPayload }>({
    name: 'oidc-user-grants',
    text: `SELECT id, client_id, payload FROM oidc_payloads
            WHERE model = 'Grant' AND account_id = $1 AND (expires_at IS NULL OR expires_at > now())
            ORDER BY (payload->>'iat')::bigint DESC, id`,
    values: [accountId],
  });
  const words = (s: string | undefined) => (s ? s.split(' ').filter(Boolean) : []);
  return rows.map((r) => ({
    id: r.id,
    clientId: r.client_id,
    scopes: words(r.payload.openid?.scope),
    resources: Object.fromEntries(Object.entries(r.payload.resources ?? {}).map(([k, v]) => [k, words(v)])),
    createdMs: (r.payload.iat ?? 0) * 1000,
  }));
}

/**
 * Revokes one of the user's grants with every token of it (its refresh tokens among them); false when the
 * user has no such grant (another user's is not found either).
 */
export async function revokeUserGrant(pool: Pool, accountId: string, grantId: string): Promise<string | undefined> {
  const { rows } = await pool.query<{ client_id: string }>(
    "SELECT client_id FROM oidc_payloads WHERE model = 'Grant' AND id = $1 AND account_id = $2",
    [grantId, accountId],
  );
  if (!rows[0]) return undefined;
  await revokeGrant(pool, grantId);
  return rows[0].client_id;
}
