import type { Grant, KoaContextWithOIDC } from 'oidc-provider';
import type { Pool } from 'pg';

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
  const find = async (id: string | undefined) => (id ? ((await oidc.provider.Grant.find(id)) ?? undefined) : undefined);
  // The session's grant may be gone (revoked by its user): the newest remembered one then, if any.
  const found =
    (await find(oidc.result?.consent?.grantId ?? oidc.session?.grantIdFor(clientId))) ??
    (await find(await rememberedGrantId(pool, accountId, clientId)));
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
